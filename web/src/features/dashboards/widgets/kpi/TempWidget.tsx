import { type TemperatureStats, temperatureSource, type UnitShowValue } from '@fieldwatch/core';
import { useQuery } from '@tanstack/react-query';
import { Thermometer } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { columnName } from '@/i18n/seriesName.ts';
import { useDeviceStore } from '@/stores/devices.ts';
import { Time } from '@/ui/Time.tsx';
import { useCustomerIds, useDashboardFilter, useSelectedUnits } from '../../data.ts';
import { temperatureSummaryQuery, unitShowValueQuery } from '../../queries.ts';
import type { WidgetProps } from '../../widgetTypes.ts';
import { formatNumber, formatRelative, timeOf, useNow } from '../common/format.ts';
import { tempProps } from '../common/props.ts';
import { NoCustomers, Updated, WidgetEmpty, WidgetError, WidgetSkeleton } from '../common/WidgetState.tsx';
import '../common/kpiLayout.css';
import './kpi.css';

/**
 * Temperature (overview): the temperature of the unit the link group has selected (the
 * show value, by the display priority of its measurements) with the time it was measured; with several units
 * selected, or none, the min / average / max over them (or over the dashboard's units), which the
 * server works out (temperatureSummary) instead of the browser holding every unit's values.
 */
export function TempWidget({ dashboardId, widgetId, widget }: WidgetProps) {
  const customers = useCustomerIds();
  const [selected] = useSelectedUnits(dashboardId, widgetId);
  const props = useMemo(() => tempProps(widget.props), [widget.props]);
  if (customers.length === 0) return <NoCustomers />;
  const picked = selected && selected.length > 0 ? selected : undefined;
  if (picked?.length === 1) return <OneUnit unitId={picked[0] as number} {...props} />;
  return <Summary dashboardId={dashboardId} picked={picked} customers={customers} {...props} />;
}

type Look = { decimals: number; showSource: boolean };

/** The temperature in the reader's number format, with its unit. */
function useCelsius(decimals: number) {
  const { t, i18n } = useTranslation();
  return (v: number) => t('widgets.common.celsius', { value: formatNumber(i18n.language, v, decimals, decimals) });
}

function Failed({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  return <WidgetError title={t('widgets.temp.failed')} error={error} onRetry={retry} />;
}

function OneUnit({ unitId, decimals, showSource }: Look & { unitId: number }) {
  const { t, i18n } = useTranslation();
  const refreshKey = useDeviceStore((s) => s.refreshKey);
  const q = useQuery({ ...unitShowValueQuery(unitId, refreshKey), placeholderData: (previous) => previous });
  const c = useCelsius(decimals);
  const now = useNow();
  if (q.isPending) return <WidgetSkeleton shape="kpi" />;
  if (q.isError && !q.data) return <Failed error={q.error} retry={() => void q.refetch()} />;
  const value = q.data?.[0];
  const source = value && temperatureSource(value.Values);
  return (
    <div className="kpi kpi--temp">
      <SingleUnit value={value} c={c} now={now} lang={i18n.language} />
      {showSource && source && (
        <p className="kpi__meta kpi__source">{t('widgets.temp.source', { source: columnName(t, source) })}</p>
      )}
      <div className="kpi__foot">
        <Updated at={q.dataUpdatedAt} />
      </div>
    </div>
  );
}

function Summary({
  dashboardId,
  picked,
  customers,
  decimals,
  showSource,
}: Look & { dashboardId: string; picked: readonly number[] | undefined; customers: readonly number[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const refreshKey = useDeviceStore((s) => s.refreshKey);
  const filter = useDashboardFilter(dashboardId);
  const q = useQuery({
    ...temperatureSummaryQuery(customers, filter, picked, refreshKey),
    placeholderData: (previous) => previous,
  });
  const c = useCelsius(decimals);
  if (q.isPending) return <WidgetSkeleton shape="kpi" />;
  if (q.isError && !q.data) return <Failed error={q.error} retry={() => void q.refetch()} />;
  const stats = q.data?.stats;
  if (!stats) {
    // Why there is no figure: no unit in view, or none of them measures temperature (parking sensors).
    const units = q.data?.units ?? 0;
    if (picked) {
      return (
        <WidgetEmpty
          icon={<Thermometer size={20} />}
          title={t('widgets.temp.emptySelectionText')}
          text={t('widgets.temp.emptyText')}
        />
      );
    }
    return units === 0 ? (
      <WidgetEmpty icon={<Thermometer size={20} />} title={t('widget.noUnits')} text={t('widget.noUnitsText')} />
    ) : (
      <WidgetEmpty
        icon={<Thermometer size={20} />}
        title={t('widgets.temp.noneReports', { count: units, n: formatNumber(lang, units) })}
        text={t('widgets.temp.emptyText')}
      />
    );
  }
  return (
    <div className="kpi kpi--temp">
      <div className="kpi__hero">
        <span className="kpi__figure">
          <bdi>{c(stats.mean)}</bdi>
        </span>
        <span className="kpi__caption">
          {t(picked ? 'widgets.temp.meanSelected' : 'widgets.temp.mean', {
            count: stats.count,
            n: formatNumber(lang, stats.count),
          })}
        </span>
      </div>
      <RangeScale stats={stats} c={c} />
      <dl className="kpi-pair">
        <div>
          <dt>{t('widgets.temp.min')}</dt>
          <dd>
            <bdi>{c(stats.min)}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('widgets.temp.max')}</dt>
          <dd>
            <bdi>{c(stats.max)}</bdi>
          </dd>
        </div>
      </dl>
      {showSource && (
        <p className="kpi__meta kpi__source">
          {t('widgets.temp.sources', {
            list: (q.data?.sources ?? [])
              .map((x) =>
                t('widgets.temp.sourceCount', { source: columnName(t, x.column), n: formatNumber(lang, x.count) }),
              )
              .join(', '),
          })}
        </p>
      )}
      <div className="kpi__foot">
        <Updated at={q.dataUpdatedAt} />
      </div>
    </div>
  );
}

function SingleUnit({
  value,
  c,
  now,
  lang,
}: {
  value: UnitShowValue | undefined;
  c: (v: number) => string;
  now: number;
  lang: string;
}) {
  const { t } = useTranslation();
  const at = timeOf(value?.LastValueTime);
  return (
    <>
      <div className="kpi__hero">
        <span className="kpi__figure" data-muted={value?.Temperature == null || undefined}>
          {value?.Temperature == null ? '–' : <bdi>{c(value.Temperature)}</bdi>}
        </span>
      </div>
      <p className="kpi__name" title={value?.UnitName}>
        {value?.UnitName ?? t('widgets.temp.unknownUnit')}
      </p>
      <p className="kpi__meta">
        {value?.Temperature == null ? (
          t('widgets.temp.noValue')
        ) : at === undefined ? null : (
          <Time at={at}>{t('widgets.temp.measured', { time: formatRelative(lang, at, now) })}</Time>
        )}
      </p>
    </>
  );
}

/** Min to max on a line with the average marked (a scale: it reads left to right in every language). */
function RangeScale({ stats, c }: { stats: TemperatureStats; c: (v: number) => string }) {
  const { t } = useTranslation();
  const span = stats.max - stats.min;
  const at = span > 0 ? ((stats.mean - stats.min) / span) * 100 : 50;
  return (
    <div
      className="temp-scale"
      role="img"
      aria-label={t('widgets.temp.scale', { min: c(stats.min), mean: c(stats.mean), max: c(stats.max) })}
    >
      <span className="temp-scale__track" />
      <span className="temp-scale__mark" style={{ insetInlineStart: `${at}%` }} />
    </div>
  );
}
