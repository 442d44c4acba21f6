import 'uplot/dist/uPlot.min.css';
import './radarPlot.css';
import type { Marker, RadarFinding } from '@fieldwatch/core';
import { type ComponentProps, type Ref, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import type { ThemeTokens } from '@/lib/useThemeTokens.ts';
import { type Drag, PlotMarkers } from './PlotMarkers.tsx';
import { PlotSuggestions } from './PlotSuggestions.tsx';
import { clampPosition, echoRange, fitLength, formatNumber } from './radarMath.ts';
import { radarColors } from './radarTheme.ts';

export type PlotCurves = {
  positions: number[];
  values: number[];
  compare: number[] | null;
  difference: number[] | null;
};

type Props = {
  curves: PlotCurves;
  names: { curve: string; compare: string | null; difference: string };
  showDifference: boolean;
  /** Scale the amplitude to the echoes from this point on (the launch pulse is cut off); null: everything. */
  clipFrom: number | null;
  markers: Marker[];
  /** Faults the analysis suggests, drawn apart from the markers. */
  suggested: RadarFinding[];
  theme: ThemeTokens;
  locale: string;
  canEdit: boolean;
  /** A click on the plot (not a drag): add a marker there. */
  onAdd: (position: number) => void;
  /** A marker's line dropped at a new position. */
  onMove: (marker: Marker, position: number) => void;
  /** A marker's label clicked without dragging. */
  onOpen: (marker: Marker) => void;
};

type Plots = { main: uPlot; diff: uPlot | null };

/**
 * The TDR curve on uPlot: distance from the unit (m) across, echo amplitude up; the compared curve
 * dashed beside it; the difference in a pane of its own below (own y scale, same x, cursor and zoom
 * shared). Markers are DOM lines over the canvas (portalled into uPlot's overlay), so they can be
 * dragged, focused and read by screen readers; the canvas never re-renders for them.
 */
export function RadarPlot({
  curves,
  names,
  showDifference,
  clipFrom,
  markers,
  suggested,
  theme,
  locale,
  canEdit,
  onAdd,
  onMove,
  onOpen,
}: Props) {
  const { t } = useTranslation();
  const mainRef = useRef<HTMLDivElement>(null);
  const diffRef = useRef<HTMLDivElement>(null);
  const readout = useRef<HTMLDivElement>(null);
  const [plots, setPlots] = useState<Plots | null>(null);
  const [, setLayoutTick] = useState(0);
  const [drag, setDrag] = useState<Drag>(null);
  const handlers = useRef({ onAdd, canEdit });
  handlers.current = { onAdd, canEdit };
  const colors = useMemo(() => radarColors(theme), [theme]);
  const maxPosition = curves.positions.at(-1) ?? 0;

  const data = useMemo(() => {
    const n = curves.positions.length;
    return {
      main: [curves.positions, curves.values, fitLength(curves.compare, n)] as uPlot.AlignedData,
      diff: [curves.positions, fitLength(curves.difference, n)] as uPlot.AlignedData,
    };
  }, [curves]);
  const hasDifference = showDifference && !!curves.difference;

  useLayoutEffect(() => {
    const mainEl = mainRef.current;
    if (!mainEl) return;
    const font = `12px ${theme.font}`;
    const grid = { stroke: theme.border, width: 1 };
    const ticks = { stroke: theme.border, width: 1, size: 4 };
    const metres = (_u: uPlot, splits: number[]) => splits.map((v) => `${formatNumber(v, locale, 0)} m`);
    const numbers = (_u: uPlot, splits: number[]) => splits.map((v) => formatNumber(v, locale, 0));
    const xAxis = (show: boolean): uPlot.Axis => ({
      scale: 'x',
      stroke: theme.text2,
      font,
      grid,
      ticks,
      space: 72,
      size: show ? 30 : 0,
      show,
      values: metres,
    });
    const yAxis = (label: string): uPlot.Axis => ({
      stroke: theme.text2,
      font,
      labelFont: `600 12px ${theme.font}`,
      label,
      labelSize: 18,
      labelGap: 2,
      grid,
      ticks,
      size: 58,
      space: 32,
      values: numbers,
    });
    // Both plots fill their box (at least 1 px) and open on the whole curve.
    const size = (el: HTMLElement) => {
      const { width, height } = el.getBoundingClientRect();
      return { width: Math.max(1, Math.floor(width)), height: Math.max(1, Math.floor(height)) };
    };
    const whole = () => ({ min: curves.positions[0] ?? 0, max: maxPosition });
    const sync: uPlot.Cursor['sync'] = { key: `radar-${Math.random()}`, setSeries: false };
    let syncing = false;
    const others: uPlot[] = [];
    const onScale = (u: uPlot, key: string) => {
      if (key !== 'x') return;
      if (!syncing) {
        syncing = true;
        const { min, max } = u.scales.x ?? {};
        for (const o of others) if (o !== u && min !== undefined && max !== undefined) o.setScale('x', { min, max });
        syncing = false;
      }
      setLayoutTick((n) => n + 1);
    };
    const fullX = (u: uPlot) => () => {
      u.setScale('x', whole());
      return null;
    };
    // Both plots share the cursor, a horizontal drag zooms both, a double click shows the whole curve.
    const linked = {
      legend: { show: false },
      cursor: {
        sync,
        drag: { x: true, y: false, setScale: true },
        bind: { dblclick: fullX },
        points: { size: 6, width: 2, fill: theme.card },
      },
      select: { show: true, left: 0, top: 0, width: 0, height: 0 },
    } satisfies Partial<uPlot.Options>;
    const show = (u: uPlot) => {
      const el = readout.current;
      const idx = u.cursor.idx;
      if (!el) return;
      if (idx === null || idx === undefined) {
        el.dataset.active = 'false';
        return;
      }
      el.dataset.active = 'true';
      const at = (name: string, v: unknown) => {
        const span = el.querySelector<HTMLElement>(`[data-v="${name}"]`);
        if (span) span.textContent = formatNumber(v as number | null, locale);
      };
      at('x', curves.positions[idx]);
      at('curve', curves.values[idx]);
      at('compare', curves.compare?.[idx] ?? null);
      at('difference', curves.difference?.[idx] ?? null);
    };

    const main = new uPlot(
      {
        ...size(mainEl),
        padding: [12, 16, 0, 0],
        scales: {
          x: { time: false, auto: false, ...whole() },
          y: {
            range: (_u, min, max) =>
              (clipFrom !== null ? echoRange([curves.values, curves.compare], clipFrom) : null) ??
              uPlot.rangeNum(min, max, 0.1, true),
          },
        },
        axes: [xAxis(!hasDifference), yAxis(t('radar.plot.amplitude'))],
        series: [
          { label: t('radar.plot.distance') },
          { label: names.curve, stroke: colors.curve, width: 1.5, points: { show: false } },
          {
            label: names.compare ?? '',
            stroke: colors.compare,
            dash: [6, 4],
            width: 1.5,
            show: !!curves.compare,
            points: { show: false },
          },
        ],
        ...linked,
        hooks: {
          setScale: [onScale],
          setSize: [() => setLayoutTick((n) => n + 1)],
          setCursor: [show],
        },
      },
      data.main,
      mainEl,
    );
    others.push(main);

    let diff: uPlot | null = null;
    const diffEl = diffRef.current;
    if (hasDifference && diffEl) {
      diff = new uPlot(
        {
          ...size(diffEl),
          padding: [8, 16, 0, 0],
          scales: {
            x: { time: false, auto: false, ...whole() },
            y: {
              // Symmetric about zero, so a dip and a bump of the same size look the same.
              range: (_u, min, max) => {
                const m = Math.max(10, Math.abs(min), Math.abs(max)) * 1.1;
                return [-m, m];
              },
            },
          },
          axes: [xAxis(true), yAxis(t('radar.plot.difference'))],
          series: [{}, { label: names.difference, stroke: colors.difference, width: 1.5, points: { show: false } }],
          ...linked,
          hooks: { setScale: [onScale], setCursor: [show] },
        },
        data.diff,
        diffEl,
      );
      others.push(diff);
    }

    // A click that is not a zoom drag adds a marker there.
    let downX: number | null = null;
    const down = (e: MouseEvent) => {
      downX = e.clientX;
    };
    const click = (e: MouseEvent) => {
      const moved = downX === null ? 0 : Math.abs(e.clientX - downX);
      downX = null;
      if (moved > 3 || e.target !== main.over || !handlers.current.canEdit) return;
      const x = e.clientX - main.over.getBoundingClientRect().left;
      handlers.current.onAdd(clampPosition(main.posToVal(x, 'x'), maxPosition));
    };
    main.over.addEventListener('mousedown', down);
    main.over.addEventListener('click', click);

    const resize = new ResizeObserver(() => {
      for (const [u, el] of [
        [main, mainEl],
        [diff, diffEl],
      ] as const) {
        if (!u || !el) continue;
        const { width, height } = el.getBoundingClientRect();
        if (width > 0 && height > 0 && (Math.floor(width) !== u.width || Math.floor(height) !== u.height)) {
          u.setSize({ width: Math.floor(width), height: Math.floor(height) });
        }
      }
    });
    resize.observe(mainEl);
    if (diffEl) resize.observe(diffEl);
    setPlots({ main, diff });
    return () => {
      resize.disconnect();
      main.over.removeEventListener('mousedown', down);
      main.over.removeEventListener('click', click);
      main.destroy();
      diff?.destroy();
      setPlots(null);
    };
  }, [data, curves, names, hasDifference, clipFrom, theme, colors, locale, t, maxPosition]);

  const marking = { markers, drag, onDrag: setDrag, canEdit, locale, maxPosition, onMove, onOpen };
  return (
    <div className={`radar-plot${hasDifference ? ' radar-plot--diff' : ''}`}>
      <div className="radar-plot__readout" ref={readout} data-active="false" aria-hidden>
        <span className="radar-plot__hint">{canEdit ? t('radar.plot.hintEdit') : t('radar.plot.hint')}</span>
        <span className="radar-plot__values">
          <span>
            <span data-v="x" /> m
          </span>
          <span className="radar-plot__v" style={{ ['--c' as string]: colors.curve }}>
            <span data-v="curve" />
          </span>
          {curves.compare && (
            <span className="radar-plot__v radar-plot__v--dash" style={{ ['--c' as string]: colors.compare }}>
              <span data-v="compare" />
            </span>
          )}
          {curves.difference && (
            <span className="radar-plot__v" style={{ ['--c' as string]: colors.difference }}>
              {t('radar.plot.deltaShort')} <span data-v="difference" />
            </span>
          )}
        </span>
      </div>
      <PlotPane
        paneRef={mainRef}
        className="radar-plot__main"
        label={t('radar.plot.label', { curve: names.curve })}
        u={plots?.main}
        labelled
        suggested={suggested}
        marking={marking}
      />
      {hasDifference && (
        <PlotPane
          paneRef={diffRef}
          className="radar-plot__diff"
          label={t('radar.plot.diffLabel', { name: names.difference })}
          u={plots?.diff}
          labelled={false}
          suggested={suggested}
          marking={marking}
        />
      )}
    </div>
  );
}

/** One plot's box and, once its plot is drawn, the suggested faults and the markers over it. */
function PlotPane({
  paneRef,
  className,
  label,
  u,
  labelled,
  suggested,
  marking,
}: {
  paneRef: Ref<HTMLDivElement>;
  className: string;
  label: string;
  u: uPlot | null | undefined;
  labelled: boolean;
  suggested: RadarFinding[];
  marking: Omit<ComponentProps<typeof PlotMarkers>, 'u' | 'labelled'>;
}) {
  return (
    <div ref={paneRef} className={className} dir="ltr" role="img" aria-label={label}>
      {u && <PlotSuggestions u={u} labelled={labelled} suggested={suggested} locale={marking.locale} />}
      {u && <PlotMarkers u={u} labelled={labelled} {...marking} />}
    </div>
  );
}
