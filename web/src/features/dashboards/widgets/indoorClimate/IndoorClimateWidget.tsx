import { ImageOff, Move } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceStore } from '@/stores/devices.ts';
import { Button } from '@/ui/Button.tsx';
import { Dialog } from '@/ui/Dialog.tsx';
import { Time } from '@/ui/Time.tsx';
import { useSelectedUnits, useShowValues } from '../../data.ts';
import type { WidgetProps } from '../../widgetTypes.ts';
import { formatNumber, formatRelative, timeOf, useNow } from '../common/format.ts';
import { NoCustomers, WidgetEmpty, WidgetError, WidgetSkeleton } from '../common/WidgetState.tsx';
import { type Band, climateProps, legendRanges, levelOf, type Metric } from './climate.ts';
import '../common/kpiLayout.css';
import './indoorClimate.css';

import { Arrange } from './ArrangeSensors.tsx';
import { useClimateOrg, useFloorPlanData, useFloorPlans } from './climateData.ts';
import { PlanStage, type Pos, type Sensor, SensorDot } from './PlanStage.tsx';

/**
 * Indoor climate (floor plans): a floor plan with its sensors as dots coloured by
 * temperature or humidity against a comfort band, value labels, a tooltip per sensor, a legend.
 * Clicking a sensor selects its unit for the link group; values follow the live updates. In edit
 * mode, SuperUsers and Users arrange the sensors by dragging them onto the plan.
 */
export function IndoorClimateWidget({ dashboardId, widgetId, widget, editing }: WidgetProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const props = useMemo(() => climateProps(widget.props), [widget.props]);
  const orgId = useClimateOrg(props);
  const refreshKey = useDeviceStore((s) => s.refreshKey);
  const plans = useFloorPlans(orgId);
  const [floor, setFloor] = useState<number | null>(null);
  const plan = useMemo(() => {
    const list = plans.data ?? [];
    return list.find((p) => p.id === floor) ?? list.find((p) => p.id === props.planId) ?? list[0];
  }, [plans.data, floor, props.planId]);
  const data = useFloorPlanData(orgId, plan?.id, refreshKey);
  const values = useShowValues();
  const [selected, setSelected] = useSelectedUnits(dashboardId, widgetId);
  const [draft, setDraft] = useState<Map<number, Pos> | null>(null);
  const now = useNow();

  // The latest values: the placement's, overtaken by newer show values (which live updates patch).
  const sensors = useMemo((): Sensor[] => {
    const live = new Map((values.data ?? []).map((v) => [v.UnitID, v]));
    return (data.data?.placements ?? [])
      .filter((p) => p.planId === plan?.id)
      .map((p) => {
        const v = live.get(p.unitId);
        const liveAt = timeOf(v?.LastValueTime);
        const ownAt = p.lastReport ? Date.parse(p.lastReport) : undefined;
        const newer = v && liveAt !== undefined && (ownAt === undefined || liveAt >= ownAt);
        return newer
          ? {
              ...p,
              temperature: v.Values.Temperature ?? v.Temperature ?? p.temperature,
              humidity: v.Values.Humidity ?? p.humidity,
              at: liveAt,
            }
          : { ...p, at: ownAt };
      });
  }, [data.data, values.data, plan?.id]);

  // Leaving edit mode or changing plan ends arranging without saving.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when these change
  useEffect(() => setDraft(null), [editing, plan?.id]);

  if (orgId === null) return <NoCustomers />;
  if (orgId === undefined || plans.isPending) return <WidgetSkeleton shape="kpi" />;
  if (plans.isError) {
    return (
      <WidgetError title={t('widgets.indoorClimate.failed')} error={plans.error} onRetry={() => void plans.refetch()} />
    );
  }
  if (!plan) {
    return (
      <WidgetEmpty
        icon={<ImageOff size={20} />}
        title={t('widgets.indoorClimate.noPlans')}
        text={t('widgets.indoorClimate.noPlansText')}
      />
    );
  }
  if (data.isError && !data.data) {
    return (
      <WidgetError title={t('widgets.indoorClimate.failed')} error={data.error} onRetry={() => void data.refetch()} />
    );
  }

  const metric = props.metric;
  const band = props[metric];
  const format = (m: Metric, v: number | null) =>
    v === null
      ? t('widgets.indoorClimate.noValue')
      : m === 'temperature'
        ? t('widgets.common.celsius', { value: formatNumber(lang, v, 1, 1) })
        : t('widgets.indoorClimate.percent', { value: formatNumber(lang, v, 0) });
  const editable = editing && data.data?.editable === true;

  return (
    <div className="climate" data-metric={metric}>
      {((plans.data?.length ?? 0) > 1 || editable) && (
        <div className="climate__bar">
          {(plans.data?.length ?? 0) > 1 && (
            <div className="climate__floors" role="tablist" aria-label={t('widgets.indoorClimate.floors')}>
              {plans.data?.map((p) => (
                <button
                  key={p.id}
                  type="button"
                  role="tab"
                  aria-selected={p.id === plan.id}
                  className="climate__floor"
                  onClick={() => setFloor(p.id)}
                >
                  {p.name}
                </button>
              ))}
            </div>
          )}
          {editable && draft === null && (
            <Button
              className="climate__arrange"
              icon={<Move size={14} aria-hidden />}
              onClick={() => setDraft(new Map(sensors.map((s) => [s.unitId, { x: s.x, y: s.y }])))}
            >
              {t('widgets.indoorClimate.arrange')}
            </Button>
          )}
        </div>
      )}
      {draft !== null && orgId !== null && (
        <Dialog
          open
          wide
          title={t('widgets.indoorClimate.arrangeTitle', { name: plan.name })}
          onOpenChange={(open) => !open && setDraft(null)}
        >
          <Arrange
            orgId={orgId}
            plan={plan}
            draft={draft}
            onChange={setDraft}
            names={new Map(sensors.map((s) => [s.unitId, s.unitName]))}
            onDone={() => setDraft(null)}
          />
        </Dialog>
      )}
      {
        <>
          <PlanStage plan={plan}>
            {sensors.map((s) => (
              <SensorDot
                key={s.unitId}
                sensor={s}
                level={levelOf(s[metric], band)}
                label={props.showLabels ? format(metric, s[metric]) : undefined}
                selected={selected?.includes(s.unitId) ?? false}
                onSelect={() =>
                  setSelected(selected?.length === 1 && selected[0] === s.unitId ? undefined : [s.unitId])
                }
                tooltip={
                  <>
                    <strong className="climate-tip__name">{s.unitName}</strong>
                    <span>
                      {t('widgets.indoorClimate.temperature')}: <bdi>{format('temperature', s.temperature)}</bdi>
                    </span>
                    <span>
                      {t('widgets.indoorClimate.humidity')}: <bdi>{format('humidity', s.humidity)}</bdi>
                    </span>
                    <span className="climate-tip__time">
                      {s.at === undefined ? (
                        t('widgets.indoorClimate.neverReported')
                      ) : (
                        <Time at={s.at}>
                          {t('widgets.indoorClimate.lastReport', { time: formatRelative(lang, s.at, now) })}
                        </Time>
                      )}
                    </span>
                  </>
                }
              />
            ))}
          </PlanStage>
          {sensors.length === 0 ? (
            <p className="climate__note">
              {t(editable ? 'widgets.indoorClimate.noSensorsEdit' : 'widgets.indoorClimate.noSensors')}
            </p>
          ) : (
            <Legend metric={metric} band={band} format={(v) => format(metric, v)} />
          )}
        </>
      }
    </div>
  );
}

function Legend({ metric, band, format }: { metric: Metric; band: Band; format: (v: number) => string }) {
  const { t } = useTranslation();
  return (
    <ul className="climate-legend" aria-label={t('widgets.indoorClimate.legend')}>
      {legendRanges(band).map((r) => (
        <li key={r.level} data-level={r.level}>
          <span className="climate-legend__swatch" aria-hidden />
          <span className="climate-legend__text">
            {r.from === undefined
              ? t('widgets.indoorClimate.below', { value: format(r.to ?? 0) })
              : r.to === undefined
                ? t('widgets.indoorClimate.above', { value: format(r.from) })
                : t('widgets.indoorClimate.range', { from: format(r.from), to: format(r.to) })}
          </span>
          {r.level === 'ok' && (
            <span className="climate-legend__tag">{t(`widgets.indoorClimate.comfort.${metric}`)}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
