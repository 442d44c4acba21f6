import type { Customer, FloorPlan, FloorPlanPlacement } from '@fieldwatch/core';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, ImageOff, Move, Users, X } from 'lucide-react';
import {
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../i18n/i18n.ts';
import { toast } from '../../../../lib/toast.ts';
import { useDeviceStore } from '../../../../stores/devices.ts';
import { useUserStore } from '../../../../stores/user.ts';
import { Button } from '../../../../ui/Button.tsx';
import { Dialog } from '../../../../ui/Dialog.tsx';
import { useCustomerIds, useDevices, useSelectedUnits, useShowValues } from '../../data.ts';
import { formatNumber, formatRelative, timeOf, useNow } from '../../widgets/kpi/format.ts';
import { WidgetEmpty, WidgetError, WidgetSkeleton } from '../../widgets/kpi/WidgetStates.tsx';
import type { WidgetProps } from '../../widgetTypes.ts';
import {
  type Band,
  type ClimateProps,
  clamp01,
  climateProps,
  type Level,
  legendRanges,
  levelOf,
  type Metric,
} from './climate.ts';
import { floorPlanApi } from './floorPlanApi.ts';
import './indoorClimate.css';

type Sensor = FloorPlanPlacement & { at: number | undefined };
type Pos = { x: number; y: number };

/**
 * The organisation a widget shows: its setting; else the first selected customer (else the first
 * customer) that has floor plans, so a utility's root shows the plans of the sub-organisation that
 * has them; else the first of those. `undefined` while their plan lists load, `null` without customers.
 */
export function useClimateOrg(props: ClimateProps): number | null | undefined {
  const selected = useCustomerIds();
  const customers = useUserStore((s) => s.accessResponse?.Customers);
  const candidates =
    props.orgId != null ? [props.orgId] : selected.length ? selected : (customers ?? []).map((c) => c.CustomerID);
  const lists = useQueries({ queries: candidates.map(floorPlansQuery) });
  const first = candidates[0];
  if (first === undefined) return null;
  if (props.orgId != null) return props.orgId;
  const withPlans = candidates.find((_, i) => (lists[i]?.data?.length ?? 0) > 0);
  if (withPlans !== undefined) return withPlans;
  return lists.some((l) => l.isPending) ? undefined : first;
}

/** The organisation and its descendants among the customers the user sees. */
export function subtreeOf(customers: readonly Customer[], orgId: number): Set<number> {
  const inside = new Set([orgId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of customers) {
      if (c.ParentCustomerID !== null && inside.has(c.ParentCustomerID) && !inside.has(c.CustomerID)) {
        inside.add(c.CustomerID);
        grew = true;
      }
    }
  }
  return inside;
}

const floorPlansQuery = (orgId: number) => ({
  queryKey: ['floorPlans', orgId],
  queryFn: () => floorPlanApi.list(orgId),
  staleTime: 60_000,
});

export function useFloorPlans(orgId: number | null | undefined) {
  return useQuery({ ...floorPlansQuery(orgId ?? 0), enabled: orgId != null });
}

/**
 * Indoor climate (spec §7 floor plans): a floor plan with its sensors as dots coloured by
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
  const data = useQuery({
    queryKey: ['floorPlanData', orgId, plan?.id, refreshKey],
    queryFn: () => floorPlanApi.data(orgId ?? 0, plan?.id),
    enabled: orgId != null && plan !== undefined,
    placeholderData: (previous) => previous,
  });
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

  if (orgId === null) return <WidgetEmpty icon={<Users size={20} />} title={t('widgets.common.noCustomers')} />;
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
                        <time dateTime={new Date(s.at).toISOString()} title={formatDateTime(new Date(s.at))}>
                          {t('widgets.indoorClimate.lastReport', { time: formatRelative(lang, s.at, now) })}
                        </time>
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

/** The plan image, as large as fits, with a box of the same size to place things on (0..1 of it). */
function PlanStage({
  plan,
  children,
  planRef,
  arranging,
}: {
  plan: FloorPlan;
  children: React.ReactNode;
  planRef?: React.RefObject<HTMLDivElement | null>;
  arranging?: boolean;
}) {
  const { t } = useTranslation();
  const stage = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  const [failed, setFailed] = useState(false);
  useLayoutEffect(() => {
    const el = stage.current;
    if (!el) return;
    const fit = () => {
      const ratio = plan.width / plan.height;
      const w = Math.min(el.clientWidth, el.clientHeight * ratio);
      setSize({ w: Math.floor(w), h: Math.floor(w / ratio) });
    };
    fit();
    const ro = new ResizeObserver(fit);
    ro.observe(el);
    return () => ro.disconnect();
  }, [plan.width, plan.height]);
  return (
    <div className="climate__stage" ref={stage}>
      {size && (
        <div
          className="climate__plan"
          ref={planRef}
          data-arranging={arranging || undefined}
          style={{ width: size.w, height: size.h }}
        >
          {failed ? (
            <div className="climate__broken">
              <ImageOff size={20} aria-hidden /> {t('widgets.indoorClimate.imageFailed')}
            </div>
          ) : (
            <img
              className="climate__img"
              src={plan.url}
              alt={t('widgets.indoorClimate.planAlt', { name: plan.name })}
              draggable={false}
              onError={() => setFailed(true)}
            />
          )}
          {children}
        </div>
      )}
    </div>
  );
}

/** Positions on a plan are of the picture, which is not mirrored in right-to-left languages. */
const at = (p: Pos) => ({ left: `${p.x * 100}%`, top: `${p.y * 100}%` });

function SensorDot({
  sensor,
  level,
  label,
  selected,
  onSelect,
  tooltip,
}: {
  sensor: Sensor;
  level: Level;
  label: string | undefined;
  selected: boolean;
  onSelect: () => void;
  tooltip: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const tipId = `climate-tip-${sensor.unitId}`;
  return (
    <div className="climate-sensor" style={at(sensor)} data-level={level} data-selected={selected || undefined}>
      <button
        type="button"
        className="climate-sensor__dot"
        aria-label={sensor.unitName}
        aria-describedby={open ? tipId : undefined}
        aria-pressed={selected}
        data-unit-id={sensor.unitId}
        onClick={onSelect}
        onPointerEnter={() => setOpen(true)}
        onPointerLeave={() => setOpen(false)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
      />
      {label && (
        <span className="climate-sensor__label" aria-hidden>
          {label}
        </span>
      )}
      {open && (
        <div
          id={tipId}
          role="tooltip"
          className="climate-tip"
          data-below={sensor.y < 0.3 || undefined}
          data-end={sensor.x > 0.7 || undefined}
          data-start={sensor.x < 0.3 || undefined}
        >
          {tooltip}
        </div>
      )}
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

type Drag = { unitId: number; pos: Pos | null; pointerId: number };

/**
 * Arranging sensors: drag a unit from the tray (or a dot) onto the plan; dragging a dot off the
 * plan or its remove button takes it away. Keyboard: arrow keys move a focused dot (Shift: further),
 * Delete removes it; Enter on a tray unit puts it in the middle. Saved with floor-plan-data.
 */
function Arrange({
  orgId,
  plan,
  draft,
  onChange,
  names,
  onDone,
}: {
  orgId: number;
  plan: FloorPlan;
  draft: Map<number, Pos>;
  onChange: (next: Map<number, Pos>) => void;
  names: Map<number, string>;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const planRef = useRef<HTMLDivElement>(null);
  const customers = useUserStore((s) => s.accessResponse?.Customers);
  const devices = useDevices();
  const [drag, setDrag] = useState<Drag | null>(null);
  const [saving, setSaving] = useState(false);

  const units = useMemo(() => {
    const inside = subtreeOf(customers ?? [], orgId);
    return (devices.data ?? [])
      .filter((d) => inside.has(d.organization))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  }, [devices.data, customers, orgId]);
  const nameOf = (id: number) => names.get(id) ?? units.find((u) => u.id === id)?.name ?? `#${id}`;

  const relative = (e: { clientX: number; clientY: number }): Pos | null => {
    const r = planRef.current?.getBoundingClientRect();
    if (!r || r.width === 0) return null;
    const x = (e.clientX - r.left) / r.width;
    const y = (e.clientY - r.top) / r.height;
    return x < 0 || x > 1 || y < 0 || y > 1 ? null : { x: clamp01(x), y: clamp01(y) };
  };
  const set = (unitId: number, pos: Pos | null) => {
    const next = new Map(draft);
    if (pos) next.set(unitId, pos);
    else next.delete(unitId);
    onChange(next);
  };
  const start = (unitId: number) => (e: ReactPointerEvent<HTMLElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    setDrag({ unitId, pos: draft.get(unitId) ?? null, pointerId: e.pointerId });
  };
  const move = (e: ReactPointerEvent<HTMLElement>) => {
    if (drag && e.pointerId === drag.pointerId) setDrag({ ...drag, pos: relative(e) });
  };
  const end = (e: ReactPointerEvent<HTMLElement>) => {
    if (!drag || e.pointerId !== drag.pointerId) return;
    set(drag.unitId, relative(e));
    setDrag(null);
  };
  const nudge = (unitId: number) => (e: KeyboardEvent) => {
    const p = draft.get(unitId);
    if (!p) return;
    const step = e.shiftKey ? 0.05 : 0.01;
    const moves: Record<string, Pos> = {
      ArrowLeft: { x: p.x - step, y: p.y },
      ArrowRight: { x: p.x + step, y: p.y },
      ArrowUp: { x: p.x, y: p.y - step },
      ArrowDown: { x: p.x, y: p.y + step },
    };
    const to = moves[e.key];
    if (to) {
      e.preventDefault();
      set(unitId, { x: clamp01(to.x), y: clamp01(to.y) });
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      set(unitId, null);
    }
  };
  const save = async () => {
    setSaving(true);
    try {
      const placements = [...draft].map(([unitId, p]) => ({ unitId, x: p.x, y: p.y }));
      await floorPlanApi.savePlacements(orgId, plan.id, placements);
      await queryClient.invalidateQueries({ queryKey: ['floorPlanData', orgId] });
      toast(t('widgets.indoorClimate.saved'), 'success');
      onDone();
    } catch (e) {
      toast(t('widgets.indoorClimate.saveFailed', { reason: (e as Error).message }), 'danger');
    } finally {
      setSaving(false);
    }
  };

  const shown = new Map(draft);
  if (drag) {
    shown.delete(drag.unitId);
    if (drag.pos) shown.set(drag.unitId, drag.pos);
  }
  const unplaced = units.filter((u) => !draft.has(u.id));

  return (
    <div className="climate-arrange">
      <PlanStage plan={plan} planRef={planRef} arranging>
        {[...shown].map(([unitId, p]) => (
          <div
            key={unitId}
            className="climate-sensor"
            style={at(p)}
            data-level="ok"
            data-dragging={drag?.unitId === unitId || undefined}
          >
            <button
              type="button"
              className="climate-sensor__dot climate-sensor__dot--handle"
              aria-label={t('widgets.indoorClimate.moveUnit', { name: nameOf(unitId) })}
              data-unit-id={unitId}
              onPointerDown={start(unitId)}
              onPointerMove={move}
              onPointerUp={end}
              onPointerCancel={() => setDrag(null)}
              onKeyDown={nudge(unitId)}
            />
            <span className="climate-sensor__label" aria-hidden>
              {nameOf(unitId)}
            </span>
          </div>
        ))}
      </PlanStage>
      <div className="climate-arrange__tray">
        <p className="climate__note">{t('widgets.indoorClimate.arrangeHelp')}</p>
        <ul className="climate-arrange__units" aria-label={t('widgets.indoorClimate.unplaced')}>
          {unplaced.map((u) => (
            <li key={u.id}>
              <button
                type="button"
                className="climate-chip"
                data-unit-id={u.id}
                onPointerDown={start(u.id)}
                onPointerMove={move}
                onPointerUp={end}
                onPointerCancel={() => setDrag(null)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    set(u.id, { x: 0.5, y: 0.5 });
                  }
                }}
              >
                {u.name}
              </button>
            </li>
          ))}
          {unplaced.length === 0 && <li className="climate__note">{t('widgets.indoorClimate.allPlaced')}</li>}
        </ul>
        {draft.size > 0 && (
          <ul className="climate-arrange__units" aria-label={t('widgets.indoorClimate.placed')}>
            {[...draft.keys()].map((id) => (
              <li key={id}>
                <span className="climate-chip climate-chip--placed">
                  {nameOf(id)}
                  <button
                    type="button"
                    className="climate-chip__remove"
                    aria-label={t('widgets.indoorClimate.removeUnit', { name: nameOf(id) })}
                    onClick={() => set(id, null)}
                  >
                    <X size={12} aria-hidden />
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
        <div className="climate-arrange__actions">
          <Button onClick={onDone} disabled={saving}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="primary"
            icon={<Check size={14} aria-hidden />}
            onClick={() => void save()}
            disabled={saving}
          >
            {t('widgets.indoorClimate.savePlacements')}
          </Button>
        </div>
      </div>
    </div>
  );
}
