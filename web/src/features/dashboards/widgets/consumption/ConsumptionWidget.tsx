import type { DateFormatter } from '@fieldwatch/core';
import { DAY_MS } from '@fieldwatch/core';
import { useQueries } from '@tanstack/react-query';
import { ChartColumn, Minus, TrendingDown, TrendingUp } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '@/lib/useDateFormat.ts';
import { useDeviceStore } from '@/stores/devices.ts';
import { useCustomerIds, useDateRange } from '../../data.ts';
import { unitDataQuery } from '../../queries.ts';
import type { WidgetProps, WidgetSettingsProps } from '../../widgetTypes.ts';
import { formatNumber } from '../common/format.ts';
import { SensorUnitsField } from '../common/SensorUnitsField.tsx';
import { Check, Choice, SettingsGroup } from '../common/SettingsKit.tsx';
import { CONSUMPTION_SENSOR } from '../common/sensorUnits.ts';
import { useSensorScope } from '../common/useSensorScope.ts';
import { NoCustomers, Updated, WidgetEmpty, WidgetError, WidgetSkeleton } from '../common/WidgetState.tsx';
import {
  type Bucket,
  CONSUMPTION_MAX_UNITS,
  type ConsumptionSummary,
  consumptionProps,
  GROUPINGS,
  type Grouping,
  nextPeriod,
  registerReadings,
  summarize,
} from './consumptionMath.ts';
import '../common/kpiLayout.css';
import './consumption.css';

/**
 * Consumption: the energy the meters used per day, week or month over the dashboard's
 * range as bars, the total, and the change against the period before (as long as the range). The
 * meters: chosen in the settings, else the link group's selected meters, else every meter in view.
 * Data: each meter's register from the v3 data call (downsampled by the server on long ranges),
 * over the range and the period before it.
 */
export function ConsumptionWidget({ dashboardId, widgetId, widget }: WidgetProps) {
  const { t } = useTranslation();
  // Days, weeks and months are counted in the profile's timezone.
  const dates = useDateFormat();
  const customers = useCustomerIds();
  const range = useDateRange();
  const refreshKey = useDeviceStore((s) => s.refreshKey);
  const props = consumptionProps(widget.props);

  const { scope, all, values } = useSensorScope(CONSUMPTION_SENSOR, dashboardId, widgetId, props.units);
  const meters = scope.units.slice(0, CONSUMPTION_MAX_UNITS);
  const start = range.start.getTime();
  const end = range.end.getTime();
  const from = new Date(start - (end - start));
  const queries = useQueries({
    queries: meters.map((m) => unitDataQuery(m.id, { start: from, end: range.end }, refreshKey)),
  });
  const answers = queries.map((q) => q.data);
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed when an answer changes
  const summary = useMemo(
    () =>
      summarize(
        answers.map((a) => registerReadings(a)),
        { start, end },
        props.grouping,
        dates,
      ),
    [...answers, start, end, props.grouping, dates],
  );

  if (customers.length === 0) return <NoCustomers />;
  if (values.isPending || all.isPending) return <WidgetSkeleton shape="kpi" />;
  if (meters.length === 0) {
    return (
      <WidgetEmpty
        icon={<ChartColumn size={20} />}
        title={t('widgets.consumption.empty')}
        text={t(scope.source === 'settings' ? 'widgets.sensors.chosenUnavailable' : 'widgets.consumption.emptyText')}
      />
    );
  }
  const loading = queries.some((q) => q.isPending);
  const failed = queries.filter((q) => q.isError && !q.data);
  if (failed.length === queries.length) {
    return (
      <WidgetError
        title={t('widgets.consumption.failed')}
        error={failed[0]?.error}
        onRetry={() => {
          for (const q of failed) void q.refetch();
        }}
      />
    );
  }
  if (loading && queries.every((q) => !q.data)) return <WidgetSkeleton shape="kpi" />;
  if (summary.total === null) {
    return (
      <WidgetEmpty
        icon={<ChartColumn size={20} />}
        title={t('widgets.consumption.noData')}
        text={t('widgets.consumption.noDataText', { count: meters.length })}
      />
    );
  }
  const updatedAt = Math.max(...queries.map((q) => q.dataUpdatedAt));
  return (
    <div className="consumption">
      <Header
        summary={summary}
        showTotal={props.showTotal}
        meters={meters.length}
        more={scope.units.length - meters.length}
        range={range}
      />
      <Bars summary={summary} grouping={props.grouping} />
      <div className="kpi__foot consumption__foot">
        {failed.length > 0 && (
          <span className="consumption__warn">{t('widgets.consumption.partlyFailed', { count: failed.length })}</span>
        )}
        <Updated at={updatedAt} />
      </div>
    </div>
  );
}

const kwh = (lang: string, v: number) => formatNumber(lang, v, v < 10 ? 1 : 0);

function Header({
  summary,
  showTotal,
  meters,
  more,
  range,
}: {
  summary: ConsumptionSummary;
  showTotal: boolean;
  meters: number;
  more: number;
  range: { start: Date; end: Date };
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const days = Math.round((range.end.getTime() - range.start.getTime()) / DAY_MS);
  const change = summary.change;
  const ChangeIcon = change === null ? Minus : change > 0.005 ? TrendingUp : change < -0.005 ? TrendingDown : Minus;
  const pct =
    change === null
      ? null
      : new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(
          change,
        );
  return (
    <div className="consumption__head">
      {showTotal && (
        <div className="consumption__total">
          <span className="consumption__figure">
            <bdi>{t('widgets.consumption.kwh', { value: kwh(lang, summary.total ?? 0) })}</bdi>
          </span>
          <span className="consumption__caption">
            {t('widgets.consumption.totalOf', { count: meters, n: formatNumber(lang, meters) })}
            {more > 0 && ` · ${t('widgets.consumption.more', { count: more })}`}
          </span>
        </div>
      )}
      <div className="consumption__change" data-change={change === null ? 'none' : change > 0 ? 'up' : 'down'}>
        <ChangeIcon size={16} aria-hidden />
        {pct === null ? (
          <span className="consumption__caption">{t('widgets.consumption.noComparison')}</span>
        ) : (
          <span>
            <strong>
              <bdi>{pct}</bdi>
            </strong>{' '}
            <span className="consumption__caption">
              {t('widgets.consumption.vsPrevious', {
                count: days,
                previous: t('widgets.consumption.kwh', { value: kwh(lang, summary.previous ?? 0) }),
              })}
            </span>
          </span>
        )}
      </div>
    </div>
  );
}

function bucketLabel(
  t: ReturnType<typeof useTranslation>['t'],
  dates: DateFormatter,
  b: Bucket,
  grouping: Grouping,
  long: boolean,
) {
  if (grouping === 'month') return dates.month(b.start);
  const date = dates.date(b.start, { year: false, weekday: long && grouping === 'day' });
  return grouping === 'week' ? t('widgets.consumption.weekOf', { date }) : date;
}

/** Bars per period, the tallest to the top; a period cut by the range's ends is drawn lighter. */
function Bars({ summary, grouping }: { summary: ConsumptionSummary; grouping: Grouping }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const dates = useDateFormat();
  const max = Math.max(0, ...summary.values.map((v) => v ?? 0));
  const bars = summary.buckets.map((b, i) => {
    const v = summary.values[i] ?? null;
    const partial = b.from !== b.start || b.to !== nextPeriod(b.start, grouping, dates);
    return { b, v, partial };
  });
  const tickEvery = Math.max(1, Math.ceil(bars.length / 6));
  const peak = bars.reduce((best, x) => ((x.v ?? -1) > (best?.v ?? -1) ? x : best), bars[0]);
  return (
    <div className="cbars">
      <span className="cbars__max">
        <bdi>{t('widgets.consumption.kwh', { value: kwh(lang, max) })}</bdi>
      </span>
      <div
        className="cbars__plot"
        dir="ltr"
        role="img"
        aria-label={t('widgets.consumption.chart', {
          count: bars.length,
          peak: peak ? bucketLabel(t, dates, peak.b, grouping, true) : '',
          value: t('widgets.consumption.kwh', { value: kwh(lang, peak?.v ?? 0) }),
        })}
      >
        {bars.map(({ b, v, partial }) => (
          <span
            key={b.start}
            className="cbars__bar"
            data-partial={partial || undefined}
            data-empty={v === null || undefined}
            title={`${bucketLabel(t, dates, b, grouping, true)}: ${
              v === null ? t('widgets.consumption.noReadings') : t('widgets.consumption.kwh', { value: kwh(lang, v) })
            }${partial ? ` (${t('widgets.consumption.partial')})` : ''}`}
          >
            <span
              className="cbars__fill"
              style={{ blockSize: `${max > 0 && v !== null ? Math.max(1, (v / max) * 100) : 0}%` }}
            />
          </span>
        ))}
      </div>
      <div className="cbars__axis" dir="ltr" aria-hidden>
        {bars.map(({ b }, i) => {
          const last = i === bars.length - 1 && bars.length > 1;
          // Labels at the first bar, every few bars (not crowding the last), and the last bar.
          const mid = !last && i > 0 && i % tickEvery === 0 && bars.length - 1 - i >= tickEvery / 2 + 1;
          const cls = last ? 'cbars__tick cbars__tick--last' : mid ? 'cbars__tick cbars__tick--mid' : 'cbars__tick';
          return (
            <span key={b.start} className={cls}>
              {i === 0 || mid || last ? bucketLabel(t, dates, b, grouping, false) : ''}
            </span>
          );
        })}
      </div>
    </div>
  );
}

/** Settings: which meters, the grouping (day, week, month) and whether the total shows. */
export function ConsumptionSettings({ props, onChange }: WidgetSettingsProps) {
  const { t } = useTranslation();
  const current = consumptionProps(props);
  return (
    <>
      <SensorUnitsField
        kind={CONSUMPTION_SENSOR}
        legend={t('widgets.consumption.settings.units')}
        value={current.units}
        onChange={(ids) => onChange({ ...props, units: ids.slice(0, CONSUMPTION_MAX_UNITS) })}
      />
      <SettingsGroup legend={t('widgets.consumption.settings.grouping')}>
        <Choice
          options={GROUPINGS.map((g) => ({ value: g, label: t(`widgets.consumption.grouping.${g}`) }))}
          value={current.grouping}
          onChange={(grouping) => onChange({ ...props, grouping })}
        />
      </SettingsGroup>
      <SettingsGroup legend={t('widgets.consumption.settings.display')}>
        <Check
          label={t('widgets.consumption.settings.showTotal')}
          checked={current.showTotal}
          onChange={(showTotal) => onChange({ ...props, showTotal })}
        />
      </SettingsGroup>
    </>
  );
}
