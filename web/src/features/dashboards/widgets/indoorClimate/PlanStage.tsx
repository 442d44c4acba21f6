import type { FloorPlan, FloorPlanPlacement } from '@fieldwatch/core';
import { ImageOff } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Level } from './climate.ts';

/** A sensor on a plan: its placement and latest values, and when they were measured. */
export type Sensor = FloorPlanPlacement & { at: number | undefined };
/** A position on a plan, 0..1 of its width and height. */
export type Pos = { x: number; y: number };

/** The plan image, as large as fits, with a box of the same size to place things on (0..1 of it). */
export function PlanStage({
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
export const at = (p: Pos) => ({ left: `${p.x * 100}%`, top: `${p.y * 100}%` });

export function SensorDot({
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
