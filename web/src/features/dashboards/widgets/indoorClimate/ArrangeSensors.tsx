import type { FloorPlan } from '@fieldwatch/core';
import { useQueryClient } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import { type KeyboardEvent, type PointerEvent as ReactPointerEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/errorText.ts';
import { toast } from '@/lib/toast.ts';
import { useUserStore } from '@/stores/user.ts';
import { Button } from '@/ui/Button.tsx';
import { useDevices } from '../../data.ts';
import { clamp01 } from './climate.ts';
import { floorPlanKeys, subtreeOf } from './climateData.ts';
import { floorPlanApi } from './floorPlanApi.ts';
import { at, PlanStage, type Pos } from './PlanStage.tsx';
import './arrangeSensors.css';

type Drag = { unitId: number; pos: Pos | null; pointerId: number };

/**
 * Arranging sensors: drag a unit from the tray (or a dot) onto the plan; dragging a dot off the
 * plan or its remove button takes it away. Keyboard: arrow keys move a focused dot (Shift: further),
 * Delete removes it; Enter on a tray unit puts it in the middle. Saved with floor-plan-data.
 */
export function Arrange({
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
      await queryClient.invalidateQueries({ queryKey: floorPlanKeys.data(orgId) });
      toast(t('widgets.indoorClimate.saved'), 'success');
      onDone();
    } catch (e) {
      toast(t('widgets.indoorClimate.saveFailed', { reason: errorText(e) }), 'danger');
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
