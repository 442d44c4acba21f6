import 'uplot/dist/uPlot.min.css';
import './chart.css';
import type { UnitData } from '@fieldwatch/core';
import { useQueries } from '@tanstack/react-query';
import { ChartNoAxesCombined, ChartSpline, TriangleAlert } from 'lucide-react';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { seriesName } from '@/i18n/seriesName.ts';
import { useDateFormat } from '@/lib/useDateFormat.ts';
import { editDashboard } from '@/stores/dashboards.ts';
import { useDeviceStore } from '@/stores/devices.ts';
import { useDateRange, useDevices, useSelectedUnits } from '../../data.ts';
import { unitDataQuery } from '../../queries.ts';
import type { WidgetProps } from '../../widgetTypes.ts';
import { WidgetEmpty, WidgetError } from '../common/WidgetState.tsx';
import { ChartSkeleton, ChartView } from './ChartView.tsx';
import { type DecodedChart, decodeUnitData, mergeDecoded, type UnitPart, visibleColumns } from './chartData.ts';
import { chartPlan, hiddenSeries, type PlannedUnit, readMultichartProps, toggleHidden } from './multichart.ts';

/** Each answer decoded once, however many renders and widgets show it. */
const decoded = new WeakMap<UnitData, DecodedChart>();
function decodeOnce(d: UnitData): DecodedChart {
  let out = decoded.get(d);
  if (!out) {
    out = decodeUnitData(d);
    decoded.set(d, out);
  }
  return out;
}

/** The previous array while its items are the same ones (so a memo over it keeps its result). */
function useSameItems<T>(items: T[]): T[] {
  const last = useRef(items);
  const prev = last.current;
  if (prev.length !== items.length || prev.some((x, i) => x !== items[i])) last.current = items;
  return last.current;
}

/**
 * The multichart widget ("multichart"): the chosen series of up to ten units (and, when
 * it follows its link group, the units selected there) on one time axis over the dashboards' time
 * range; one y axis per physical unit, the legend naming unit and series.
 */
export function MultichartWidget({ dashboardId, widgetId, widget, editing }: WidgetProps) {
  const { t } = useTranslation();
  const settings = useMemo(() => readMultichartProps(widget.props), [widget.props]);
  const [linked] = useSelectedUnits(dashboardId, widgetId);
  const plan = useMemo(() => chartPlan(settings, linked), [settings, linked]);
  if (plan.length === 0) {
    return (
      <WidgetEmpty
        icon={<ChartSpline size={20} />}
        title={t('widgets.multichart.empty')}
        text={t(
          settings.followLinkGroup
            ? 'widgets.multichart.emptyFollow'
            : editing
              ? 'widgets.multichart.emptyEdit'
              : 'widgets.multichart.emptyText',
        )}
      />
    );
  }
  return <Multichart dashboardId={dashboardId} widgetId={widgetId} settings={widget.settings} plan={plan} />;
}

function Multichart({
  dashboardId,
  widgetId,
  settings,
  plan,
}: {
  dashboardId: string;
  widgetId: string;
  settings: Record<string, unknown>;
  plan: PlannedUnit[];
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const range = useDateRange();
  const refreshKey = useDeviceStore((s) => s.refreshKey);
  const dates = useDateFormat();
  const devices = useDevices();
  const queries = useQueries({ queries: plan.map((p) => unitDataQuery(p.unitId, range, refreshKey)) });
  const answers = useSameItems(queries.map((q) => q.data));
  const merged = useMemo(() => {
    const parts: UnitPart[] = [];
    plan.forEach((p, i) => {
      const data = answers[i];
      if (!data) return;
      const d = decodeOnce(data);
      const columns = p.columns === 'default' ? [...visibleColumns(d.series, { hidden: [], shown: [] })] : p.columns;
      parts.push({ unitId: p.unitId, decoded: d, columns });
    });
    const first = parts[0]?.decoded;
    const span = first ? { start: first.start, end: first.end } : { start: 0, end: 0 };
    return { ...mergeDecoded(parts, span), units: parts.map((p) => p.unitId) };
  }, [plan, answers]);

  const unitName = (id: number) => devices.data?.find((d) => d.id === id)?.name || t('chart.unitFallback', { id });
  const names = useMemo(() => merged.sources.map((s) => seriesName(t, s)), [merged.sources, t]);
  const prefixes = merged.sources.map((s) => unitName(s.unitId));

  const hiddenKey = JSON.stringify(settings.hidden ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the choice changes only with its JSON
  const hidden = useMemo(() => hiddenSeries(settings), [hiddenKey]);
  const visible = useMemo(
    () => new Set(merged.chart.series.map((s) => s.column).filter((id) => !hidden.has(id))),
    [merged.chart.series, hidden],
  );
  const toggle = (id: string, wasVisible: boolean) =>
    editDashboard(dashboardId, (d) => {
      const w = d.widgets[widgetId];
      if (!w) return d;
      const next = toggleHidden(hiddenSeries(w.settings), id, wasVisible);
      return { ...d, widgets: { ...d.widgets, [widgetId]: { ...w, settings: { ...w.settings, hidden: next } } } };
    });

  const failed = plan.filter((_, i) => queries[i]?.isError && !answers[i]);
  const waiting = queries.some((q, i) => !answers[i] && !q.isError);
  if (waiting) return <ChartSkeleton />;
  if (failed.length === plan.length) {
    const error = queries.find((q) => q.error)?.error;
    return (
      <WidgetError
        title={t('chart.failed')}
        error={error}
        onRetry={() => {
          for (const q of queries) if (q.isError) void q.refetch();
        }}
      />
    );
  }
  const title = t('widgets.multichart.units', { count: merged.units.length });
  if (merged.chart.series.length === 0) {
    return (
      <WidgetEmpty
        icon={<ChartNoAxesCombined size={20} />}
        title={t('chart.noData')}
        text={t('widgets.multichart.noDataText', {
          start: dates.dateTime(range.start),
          end: dates.dateTime(range.end),
        })}
      />
    );
  }
  return (
    <ChartView
      chart={merged.chart}
      title={title}
      names={names}
      prefixes={prefixes}
      visible={visible}
      onToggle={toggle}
      fetching={queries.some((q) => q.isFetching)}
      locale={locale}
      exportOf={{ units: merged.units, columns: merged.sources.map((s) => s.column) }}
      note={
        failed.length > 0 ? (
          <span className="chart__note chart__note--warn" title={failed.map((p) => unitName(p.unitId)).join(', ')}>
            <TriangleAlert size={12} aria-hidden />
            {t('widgets.multichart.someFailed', { count: failed.length })}
          </span>
        ) : undefined
      }
    />
  );
}
