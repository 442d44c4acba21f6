import type { RadarFinding } from '@fieldwatch/core';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
import { formatNumber } from './radarMath.ts';
import { findingKind } from './SuggestedFaults.tsx';

/** About half a label's width: nearer to an edge, the label is anchored there. */
const LABEL_HALF_PX = 110;

/**
 * The analysis's suggestions over one plot: a dashed band as wide as the position's uncertainty,
 * labelled on the main plot. They take no pointer: a suggestion is decided in its list, not dragged.
 */
export function PlotSuggestions({
  u,
  labelled,
  suggested,
  locale,
}: {
  u: uPlot;
  labelled: boolean;
  suggested: RadarFinding[];
  locale: string;
}) {
  const { t } = useTranslation();
  const { min, max } = u.scales.x ?? {};
  if (min === undefined || max === undefined) return null;
  return createPortal(
    suggested
      .filter((f) => f.position >= min && f.position <= max)
      .map((f) => {
        const from = u.valToPos(Math.max(min, f.position - f.uncertainty), 'x');
        const to = u.valToPos(Math.min(max, f.position + f.uncertainty), 'x');
        // The label stays inside the plot: from the line towards the middle, centred where there is room.
        const centre = (from + to) / 2;
        const width = u.over.offsetWidth;
        const roomy = centre > LABEL_HALF_PX && centre < width - LABEL_HALF_PX;
        const side = roomy ? '' : centre < width / 2 ? ' start' : ' end';
        return (
          <div
            key={f.id}
            className="radar-suggest-mark"
            data-suggestion={f.kind}
            style={{
              left: `${u.over.offsetLeft + from}px`,
              width: `${Math.max(2, to - from)}px`,
              top: `${u.over.offsetTop}px`,
              height: `${u.over.offsetHeight}px`,
            }}
          >
            {labelled && (
              <span className={`radar-suggest-mark__label${side && ` radar-suggest-mark__label--${side.trim()}`}`}>
                {t('radar.findings.onPlot', { kind: findingKind(t, f), position: formatNumber(f.position, locale, 1) })}
              </span>
            )}
          </div>
        );
      }),
    u.over.parentElement ?? u.root,
  );
}
