import type { Device, UnitShowValue } from '@fieldwatch/core';
import { useQueries } from '@tanstack/react-query';
import { Droplets, TriangleAlert } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceStore } from '@/stores/devices.ts';
import { TextField } from '@/ui/TextField.tsx';
import { Time } from '@/ui/Time.tsx';
import { useCustomerIds, useDateRange } from '../../data.ts';
import type { WidgetProps, WidgetSettingsProps } from '../../widgetTypes.ts';
import { formatNumber, formatRelative, timeOf, useNow } from '../common/format.ts';
import { SensorUnitsField } from '../common/SensorUnitsField.tsx';
import { SettingsGroup } from '../common/SettingsKit.tsx';
import { WATER_LEVEL_SENSOR } from '../common/sensorUnits.ts';
import { useSensorScope } from '../common/useSensorScope.ts';
import { Updated, widgetState } from '../common/WidgetState.tsx';
import {
  gaugeTop,
  type LevelState,
  levelPoints,
  levelState,
  sparkPath,
  WATER_LEVEL_MAX_CM,
  WATER_LEVEL_MAX_UNITS,
  waterLevelProps,
} from './waterMath.ts';
import '../common/kpiLayout.css';
import './waterLevel.css';
import { unitDataQuery } from '../../queries.ts';

type Pit = { device: Device; value: UnitShowValue | undefined; level: number | undefined; state: LevelState };

/**
 * Water level: the level in a pit or chamber as a shaft drawing with the alarm line, the
 * trend over the dashboard's range and the time of the last report; above the high level the pit
 * turns to the alarm colour and says so. The units: chosen in the settings, else the link group's
 * selection, else every water-level unit in view (the highest levels first).
 */
export function WaterLevelWidget({ dashboardId, widgetId, widget }: WidgetProps) {
  const { t } = useTranslation();
  const customers = useCustomerIds();
  const range = useDateRange();
  const refreshKey = useDeviceStore((s) => s.refreshKey);
  const now = useNow();
  const props = waterLevelProps(widget.props);

  const { scope, all, values } = useSensorScope(WATER_LEVEL_SENSOR, dashboardId, widgetId, props.units);
  const { high, low } = props;
  const pits = useMemo(() => {
    const byUnit = new Map((values.data ?? []).map((v) => [v.UnitID, v]));
    const list: Pit[] = scope.units.map((device) => {
      const value = byUnit.get(device.id);
      const level = value?.Values.WaterLevel;
      return { device, value, level, state: levelState(level, high, low) };
    });
    // Every pit in view: the highest levels first (the ones to look at).
    if (scope.source === 'all') list.sort((a, b) => (b.level ?? -1) - (a.level ?? -1));
    return list;
  }, [scope, values.data, high, low]);
  const shown = pits.slice(0, WATER_LEVEL_MAX_UNITS);

  const trends = useQueries({ queries: shown.map((p) => unitDataQuery(p.device.id, range, refreshKey)) });

  const state = widgetState({
    customers,
    shape: 'kpi',
    queries: [values, all],
    failed: t('widgets.waterLevel.failed'),
    empty: shown.length === 0 && {
      icon: <Droplets size={20} />,
      title: t('widgets.waterLevel.empty'),
      text: t(scope.source === 'settings' ? 'widgets.sensors.chosenUnavailable' : 'widgets.waterLevel.emptyText'),
    },
  });
  if (state) return state;

  const highCount = pits.filter((p) => p.state === 'high').length;
  return (
    <div className="water" data-count={shown.length}>
      <ul className="water__pits">
        {shown.map((p, i) => (
          <PitCard
            key={p.device.id}
            pit={p}
            high={high}
            low={low}
            range={{ start: range.start.getTime(), end: range.end.getTime() }}
            trend={trends[i]}
            now={now}
          />
        ))}
      </ul>
      <div className="kpi__foot water__foot">
        {pits.length > shown.length && (
          <span>{t('widgets.waterLevel.more', { count: pits.length - shown.length, high: highCount })}</span>
        )}
        <Updated at={values.dataUpdatedAt} />
      </div>
    </div>
  );
}

function PitCard({
  pit,
  high,
  low,
  range,
  trend,
  now,
}: {
  pit: Pit;
  high: number;
  low: number | undefined;
  range: { start: number; end: number };
  trend: { data?: Parameters<typeof levelPoints>[0]; isPending: boolean; isError: boolean } | undefined;
  now: number;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const points = useMemo(() => levelPoints(trend?.data), [trend?.data]);
  const top = gaugeTop(high, [...points.map((p) => p[1]), pit.level ?? 0]);
  const cm = (v: number) => t('widgets.waterLevel.cm', { value: formatNumber(lang, v, 1) });
  const at = timeOf(pit.value?.LastValueTime);
  const stateWord = t(`widgets.waterLevel.state.${pit.state}`);
  return (
    <li className="pit" data-state={pit.state} data-unit-id={pit.device.id}>
      <Shaft level={pit.level} high={high} low={low} top={top} label={stateWord} cm={cm} />
      <div className="pit__info">
        <p className="pit__name" title={pit.device.name}>
          {pit.device.name}
        </p>
        <p className="pit__figure">{pit.level === undefined ? '–' : <bdi>{cm(pit.level)}</bdi>}</p>
        <p className="pit__state">
          {pit.state === 'high' && <TriangleAlert size={14} aria-hidden />}
          <span>{stateWord}</span>
          <span className="pit__limit">
            {t('widgets.waterLevel.highLine', { value: cm(high) })}
            {low !== undefined && ` · ${t('widgets.waterLevel.lowLine', { value: cm(low) })}`}
          </span>
        </p>
        <Sparkline points={points} range={range} top={top} high={high} low={low} trend={trend} />
        <p className="pit__time">
          {at === undefined ? (
            t('widgets.waterLevel.noReport')
          ) : (
            <Time at={at}>{t('widgets.waterLevel.reported', { time: formatRelative(lang, at, now) })}</Time>
          )}
        </p>
      </div>
    </li>
  );
}

/** A shaft seen in section: walls, the water, the high (and low) level as dashed lines. */
function Shaft({
  level,
  high,
  low,
  top,
  label,
  cm,
}: {
  level: number | undefined;
  high: number;
  low: number | undefined;
  top: number;
  label: string;
  cm: (v: number) => string;
}) {
  const { t } = useTranslation();
  const clip = useId();
  const H = 140;
  const y = (v: number) => 6 + (H - 6) * (1 - Math.min(Math.max(v, 0), top) / top);
  const water = level === undefined ? H : y(level);
  return (
    <svg
      className="shaft"
      viewBox="0 0 56 148"
      role="img"
      aria-label={
        level === undefined
          ? t('widgets.waterLevel.gaugeNoValue')
          : t('widgets.waterLevel.gauge', { level: cm(level), high: cm(high), state: label })
      }
    >
      <defs>
        <clipPath id={clip}>
          <rect x="8" y="4" width="40" height={H - 2} rx="2" />
        </clipPath>
      </defs>
      <rect className="shaft__inside" x="8" y="4" width="40" height={H - 2} rx="2" />
      {level !== undefined && (
        <g clipPath={`url(#${clip})`}>
          <rect className="shaft__water" x="8" y={water} width="40" height={H + 4 - water} />
          <path className="shaft__surface" d={`M8 ${water} q5 -2 10 0 t10 0 t10 0 t10 0`} />
        </g>
      )}
      <path className="shaft__wall" d={`M6 2 V${H + 4} H50 V2`} />
      <line className="shaft__line shaft__line--high" x1="2" x2="54" y1={y(high)} y2={y(high)} />
      {low !== undefined && <line className="shaft__line shaft__line--low" x1="2" x2="54" y1={y(low)} y2={y(low)} />}
    </svg>
  );
}

function Sparkline({
  points,
  range,
  top,
  high,
  low,
  trend,
}: {
  points: [number, number][];
  range: { start: number; end: number };
  top: number;
  high: number;
  low: number | undefined;
  trend: { isPending: boolean; isError: boolean } | undefined;
}) {
  const { t } = useTranslation();
  const W = 200;
  const H = 40;
  if (!trend || (trend.isPending && points.length === 0)) return <div className="pit__spark skeleton" />;
  if (points.length === 0) {
    return (
      <p className="pit__spark pit__spark--empty">
        {t(trend.isError ? 'widgets.waterLevel.trendFailed' : 'widgets.waterLevel.noTrend')}
      </p>
    );
  }
  const path = sparkPath(points, range, top, W, H);
  const yOf = (v: number) => H - (Math.min(v, top) / top) * H;
  const peak = Math.max(...points.map((p) => p[1]));
  return (
    <svg
      className="pit__spark"
      viewBox={`0 0 ${W} ${H}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={t('widgets.waterLevel.trend', { peak: Math.round(peak) })}
    >
      <line className="spark__high" x1="0" x2={W} y1={yOf(high)} y2={yOf(high)} />
      {low !== undefined && <line className="spark__low" x1="0" x2={W} y1={yOf(low)} y2={yOf(low)} />}
      <path className="spark__area" d={`${path} L${W} ${H} L0 ${H} Z`} />
      <path className="spark__line" d={path} />
    </svg>
  );
}

/** Settings: which pits, the high level (alarm line) and an optional low level. */
export function WaterLevelSettings({ props, onChange }: WidgetSettingsProps) {
  const { t } = useTranslation();
  const current = waterLevelProps(props);
  const raw = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : '');
  const parse = (text: string) => (text.trim() === '' ? undefined : Number(text.replace(',', '.')));
  const high = parse(raw(props.high) || '');
  const highError =
    props.high !== undefined && (high === undefined || !(high >= 1 && high <= WATER_LEVEL_MAX_CM))
      ? t('widgets.waterLevel.settings.highInvalid', { max: WATER_LEVEL_MAX_CM })
      : null;
  const lowValue = typeof props.low === 'number' ? props.low : undefined;
  const lowError =
    lowValue !== undefined && !(lowValue >= 0 && lowValue < current.high)
      ? t('widgets.waterLevel.settings.lowInvalid')
      : null;
  return (
    <>
      <SensorUnitsField
        kind={WATER_LEVEL_SENSOR}
        legend={t('widgets.waterLevel.settings.units')}
        value={current.units}
        onChange={(ids) => onChange({ ...props, units: ids.slice(0, WATER_LEVEL_MAX_UNITS) })}
      />
      <SettingsGroup
        legend={t('widgets.waterLevel.settings.levels')}
        help={t('widgets.waterLevel.settings.levelsHelp')}
      >
        <div className="settings-row">
          <TextField
            label={t('widgets.waterLevel.settings.high')}
            type="number"
            inputMode="decimal"
            min={1}
            max={WATER_LEVEL_MAX_CM}
            step="any"
            value={props.high === undefined ? String(current.high) : raw(props.high)}
            error={highError}
            onChange={(e) => onChange({ ...props, high: parse(e.target.value) ?? Number.NaN })}
          />
          <TextField
            label={t('widgets.waterLevel.settings.low')}
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            placeholder={t('widgets.waterLevel.settings.lowNone')}
            value={raw(props.low)}
            error={lowError}
            onChange={(e) => {
              const v = parse(e.target.value);
              const { low: _, ...rest } = props;
              onChange(v === undefined ? rest : { ...props, low: v });
            }}
          />
        </div>
      </SettingsGroup>
    </>
  );
}
