import { useTranslation } from 'react-i18next';
import { NumbersTable } from '@/ui/NumbersTable.tsx';
import type { PlotCurves } from './RadarPlot.tsx';
import { formatNumber } from './radarMath.ts';
import type { radarColors } from './radarTheme.ts';

/** The parts around the radar plot: its loading state, legend and numbers table. */

/** A radar curve's rough shape, drawn while the real one loads. */
export function CurveSketch() {
  return (
    <svg viewBox="0 0 400 120" preserveAspectRatio="none" aria-hidden="true">
      <path d="M0 10 C 8 110, 20 70, 40 64 S 120 60, 160 66 S 220 58, 260 64 S 330 40, 350 62 S 390 66, 400 64" />
    </svg>
  );
}

export function PlotLoading() {
  const { t } = useTranslation();
  return (
    <div className="radar-skel__plot" role="status" aria-label={t('common.loading')}>
      <CurveSketch />
    </div>
  );
}

export function Legend({
  names,
  curve,
  colors,
  showDifference,
  onToggleDifference,
  showPulse,
  onTogglePulse,
}: {
  names: { curve: string; compare: string | null; difference: string };
  curve: PlotCurves;
  colors: ReturnType<typeof radarColors>;
  showDifference: boolean;
  onToggleDifference: () => void;
  showPulse: boolean;
  onTogglePulse: () => void;
}) {
  const { t } = useTranslation();
  const swatch = (stroke: string, dash?: string) => (
    <svg className="radar-legend__swatch" width="18" height="8" viewBox="0 0 18 8" aria-hidden>
      <line x1="1" y1="4" x2="17" y2="4" stroke={stroke} strokeDasharray={dash} />
    </svg>
  );
  return (
    <div className="radar-legend">
      <span className="radar-legend__item">
        {swatch(colors.curve)}
        {names.curve}
      </span>
      {names.compare && curve.compare && (
        <span className="radar-legend__item">
          {swatch(colors.compare, '5 3')}
          {names.compare}
        </span>
      )}
      {curve.difference && (
        <button
          type="button"
          className="radar-legend__item radar-legend__toggle"
          aria-pressed={showDifference}
          title={t('radar.toggleDifference')}
          onClick={onToggleDifference}
        >
          {swatch(colors.difference)}
          {names.difference}
        </button>
      )}
      <button
        type="button"
        className="radar-legend__item radar-legend__toggle radar-legend__pulse"
        aria-pressed={showPulse}
        title={t('radar.pulseHint')}
        onClick={onTogglePulse}
      >
        {t('radar.showPulse')}
      </button>
    </div>
  );
}

/** The radar curves' numbers: a row per distance, a column per curve drawn. */
export function CurveTable({
  id,
  curves,
  names,
  locale,
}: {
  id: string;
  curves: PlotCurves;
  names: { curve: string; compare: string | null; difference: string };
  locale: string;
}) {
  const { t } = useTranslation();
  const shown = [
    { label: names.curve, values: curves.values },
    ...(curves.compare && names.compare ? [{ label: names.compare, values: curves.compare }] : []),
    ...(curves.difference ? [{ label: names.difference, values: curves.difference }] : []),
  ];
  const cell = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? '–' : formatNumber(v, locale, 2));
  return (
    <NumbersTable
      id={id}
      className="radar__table"
      caption={t('radar.plot.label', { curve: names.curve })}
      columns={[
        { label: t('radar.plot.distance'), numeric: true },
        ...shown.map((c) => ({ label: c.label, numeric: true })),
      ]}
      rows={curves.positions.map((p, i) => [formatNumber(p, locale, 2), ...shown.map((c) => cell(c.values[i]))])}
    />
  );
}
