import 'uplot/dist/uPlot.min.css';
import './chart.css';
import { isRadarType } from '@fieldwatch/core';
import { useQuery } from '@tanstack/react-query';
import { ChartLine, ChartNoAxesCombined, Radar } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { seriesName } from '@/i18n/seriesName.ts';
import { useOriginState } from '@/lib/origin.ts';
import { useDateFormat } from '@/lib/useDateFormat.ts';
import { editDashboard, useDashboardStore } from '@/stores/dashboards.ts';
import { useDeviceStore } from '@/stores/devices.ts';
import { useDateRange, useDevices, useSelectedUnits } from '../../data.ts';
import { unitDataQuery } from '../../queries.ts';
import type { WidgetProps } from '../../widgetTypes.ts';
import { chartProps } from '../common/props.ts';
import { WidgetEmpty, WidgetError } from '../common/WidgetState.tsx';
import { ChartSkeleton, ChartView } from './ChartView.tsx';
import { type PreparedChart, prepareUnitData, seriesChoice, toggleColumn, visibleColumns } from './chartData.ts';
import { withDefaultSeries } from './chartDefaults.ts';
import { unitPickers } from './unitPickers.ts';

/**
 * The chart widget ("charts"): the measurements of the first unit the link group selected,
 * over the dashboards' time range. uPlot draws on a canvas, so any number of points costs no React
 * work: React renders the header and the legend; the crosshair writes the legend values directly.
 */
export function ChartWidget({ dashboardId, widgetId, widget }: WidgetProps) {
  const { t } = useTranslation();
  const [units] = useSelectedUnits(dashboardId, widgetId);
  const unitId = units?.[0];
  // Names the list or map to pick in, as the reader sees them; the link group only when none shares it.
  const pickers = useDashboardStore((s) => {
    const d = s.dashboards[dashboardId];
    return d ? unitPickers(d, widgetId) : 'none';
  });
  if (unitId === undefined) {
    return (
      <WidgetEmpty
        icon={<ChartLine size={20} />}
        title={t('widget.selectUnit')}
        text={t(`widget.pickUnit.${pickers}`)}
      />
    );
  }
  return (
    <UnitChart
      key={unitId}
      dashboardId={dashboardId}
      widgetId={widgetId}
      // The settings form's defaults (widget.props) travel with the legend choice (widget.settings).
      settings={{ ...widget.settings, defaults: widget.props }}
      unitId={unitId}
    />
  );
}

// The unit's chart ----------------------------------------------------------------------------

function UnitChart({
  dashboardId,
  widgetId,
  settings,
  unitId,
}: {
  dashboardId: string;
  widgetId: string;
  settings: Record<string, unknown>;
  unitId: number;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const range = useDateRange();
  const refreshKey = useDeviceStore((s) => s.refreshKey);
  const devices = useDevices();
  const dates = useDateFormat();
  const device = devices.data?.find((d) => d.id === unitId);
  const unitName = device?.name || t('chart.unitFallback', { id: unitId });

  const query = useQuery(unitDataQuery(unitId, range, refreshKey));
  const chart = useMemo(() => (query.data ? prepareUnitData(query.data) : undefined), [query.data]);

  if (!chart) {
    if (query.isError) {
      return <WidgetError title={t('chart.failed')} error={query.error} onRetry={() => void query.refetch()} />;
    }
    return <ChartSkeleton />;
  }
  const period = { start: dates.dateTime(range.start), end: dates.dateTime(range.end) };
  if (chart.series.length === 0) {
    return (
      <WidgetEmpty
        icon={<ChartNoAxesCombined size={20} />}
        title={t('chart.noData')}
        text={t('chart.noDataText', { unit: unitName, ...period })}
      />
    );
  }
  return (
    <UnitChartView
      chart={chart}
      unitId={unitId}
      unitName={unitName}
      radar={device ? isRadarType(device.type.code) : false}
      fetching={query.isFetching}
      dashboardId={dashboardId}
      widgetId={widgetId}
      settings={settings}
      locale={locale}
    />
  );
}

/** One unit's chart: the series choice kept in the widget's settings, Export CSV and the radar link. */
function UnitChartView({
  chart,
  unitId,
  unitName,
  radar,
  fetching,
  dashboardId,
  widgetId,
  settings,
  locale,
}: {
  chart: PreparedChart;
  unitId: number;
  unitName: string;
  radar: boolean;
  fetching: boolean;
  dashboardId: string;
  widgetId: string;
  settings: Record<string, unknown>;
  locale: string;
}) {
  const { t } = useTranslation();
  const radarFrom = useOriginState();
  const hiddenKey = JSON.stringify(settings.hidden ?? null);
  const shownKey = JSON.stringify(settings.shown ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the choice changes only with its JSON
  const choice = useMemo(() => seriesChoice(settings), [hiddenKey, shownKey]);
  const defaults = chartProps((settings.defaults ?? {}) as Record<string, unknown>);
  const defaultsKey = defaults.series.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the defaults change only with their key
  const visible = useMemo(
    () => withDefaultSeries(chart.series, choice, defaults.series, visibleColumns(chart.series, choice)),
    [chart.series, choice, defaultsKey],
  );
  const names = useMemo(() => chart.series.map((s) => seriesName(t, s)), [chart.series, t]);

  const toggle = (column: string, wasVisible: boolean) =>
    editDashboard(dashboardId, (d) => {
      const w = d.widgets[widgetId];
      if (!w) return d;
      const next = toggleColumn(seriesChoice(w.settings), column, wasVisible);
      return { ...d, widgets: { ...d.widgets, [widgetId]: { ...w, settings: { ...w.settings, ...next } } } };
    });

  return (
    <ChartView
      chart={chart}
      title={unitName}
      names={names}
      visible={visible}
      onToggle={toggle}
      fetching={fetching}
      locale={locale}
      exportOf={{ units: [unitId], columns: chart.series.map((s) => s.column) }}
      yFromZero={defaults.yFromZero}
      actions={
        radar ? (
          <Link
            className="btn btn--ghost chart__action"
            to={`/radar/${unitId}`}
            state={radarFrom}
            title={t('chart.radarHint', { unit: unitName })}
          >
            <Radar size={14} aria-hidden />
            <span className="chart__action-text">{t('chart.radar')}</span>
          </Link>
        ) : undefined
      }
    />
  );
}
