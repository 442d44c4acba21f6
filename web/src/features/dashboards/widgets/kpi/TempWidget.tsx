import type { UnitShowValue } from '@fieldwatch/core';
import { Thermometer, Users } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { columnName } from '../../../../i18n/seriesName.ts';
import { Time } from '../../../../ui/Time.tsx';
import { useCustomerIds, useFilteredDevices, useSelectedUnits, useShowValues } from '../../data.ts';
import { temperatureSource, temperatureSources, tempProps } from '../../widgets/settings/props.ts';
import type { WidgetProps } from '../../widgetTypes.ts';
import { formatNumber, formatRelative, timeOf, useNow } from './format.ts';
import { type TemperatureStats, temperatureStats } from './kpiMath.ts';
import { Updated, WidgetEmpty, WidgetError, WidgetSkeleton } from './WidgetStates.tsx';

/**
 * Temperature (spec §2 overview): the temperature of the unit the link group has selected (the
 * show value, by the display priority of §9) with the time it was measured; with several units
 * selected, or none, the min / average / max over them (or over the dashboard's units).
 */
export function TempWidget({ dashboardId, widgetId, widget }: WidgetProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const customers = useCustomerIds();
  const [selected] = useSelectedUnits(dashboardId, widgetId);
  const devices = useFilteredDevices(dashboardId);
  const values = useShowValues();
  const now = useNow();
  const { decimals, showSource } = useMemo(() => tempProps(widget.props), [widget.props]);

  const picked = selected && selected.length > 0 ? selected : undefined;
  const scope = useMemo(() => {
    const ids = new Set(picked ?? devices.data.map((d) => d.id));
    return (values.data ?? []).filter((v) => ids.has(v.UnitID));
  }, [picked, devices.data, values.data]);
  const stats = useMemo(() => temperatureStats(scope), [scope]);

  if (customers.length === 0) {
    return <WidgetEmpty icon={<Users size={20} />} title={t('widgets.common.noCustomers')} />;
  }
  if (values.isPending || devices.isPending) return <WidgetSkeleton shape="kpi" />;
  const failed = (values.isError && !values.data) || (devices.isError && devices.data.length === 0);
  if (failed) {
    return (
      <WidgetError
        title={t('widgets.temp.failed')}
        error={values.error ?? devices.error}
        onRetry={() => {
          void values.refetch();
          void devices.refetch();
        }}
      />
    );
  }

  const c = (v: number) => t('widgets.common.celsius', { value: formatNumber(lang, v, decimals, decimals) });
  const sourceName = (column: string) => {
    return columnName(t, column);
  };
  const foot = (
    <div className="kpi__foot">
      <Updated at={values.dataUpdatedAt} />
    </div>
  );

  if (picked?.length === 1) {
    const value = scope[0];
    return (
      <div className="kpi kpi--temp">
        <SingleUnit value={value} c={c} now={now} lang={lang} />
        {showSource && value && temperatureSource(value.Values) && (
          <p className="kpi__meta kpi__source">
            {t('widgets.temp.source', { source: sourceName(temperatureSource(value.Values) ?? '') })}
          </p>
        )}
        {foot}
      </div>
    );
  }
  if (!stats) {
    return (
      <WidgetEmpty
        icon={<Thermometer size={20} />}
        title={t('widgets.temp.empty')}
        text={t(picked ? 'widgets.temp.emptySelectionText' : 'widgets.temp.emptyText')}
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
            list: temperatureSources(scope)
              .map((x) =>
                t('widgets.temp.sourceCount', { source: sourceName(x.column), n: formatNumber(lang, x.count) }),
              )
              .join(', '),
          })}
        </p>
      )}
      {foot}
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
