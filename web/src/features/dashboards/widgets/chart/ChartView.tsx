import 'uplot/dist/uPlot.min.css';
import './chart.css';
import { Download, Layers, ZoomOut } from 'lucide-react';
import { type ReactNode, useCallback, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import { useDateFormat } from '@/lib/useDateFormat.ts';
import { useThemeTokens } from '@/lib/useThemeTokens.ts';
import { useDeviceStore } from '@/stores/devices.ts';
import { Button } from '@/ui/Button.tsx';
import { NumbersTable, TableToggle } from '@/ui/NumbersTable.tsx';
import { Spinner } from '@/ui/Spinner.tsx';
import { useDateInterval } from '../../rangeChoices.ts';
import { csvExportUrl, type PreparedChart } from './chartData.ts';
import { zeroBased } from './chartDefaults.ts';
import { buildOptions, formatBucket, formatValue, seriesStyle } from './chartOptions.ts';
import { chartTable } from './chartTable.ts';

/** A time span on the x axis, in seconds. */
type Zoom = readonly [number, number];

export function ChartSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="chart chart--loading" role="status" aria-label={t('common.loading')}>
      <div className="chart__head">
        <span className="skeleton chart-skel__title" />
      </div>
      <div className="chart-skel__plot" aria-hidden>
        <svg viewBox="0 0 400 120" preserveAspectRatio="none" className="chart-skel__wave" aria-hidden="true">
          <path d="M0 80 C 40 60, 70 95, 110 70 S 180 40, 220 62 S 300 96, 340 58 S 390 40, 400 48" />
        </svg>
      </div>
      <div className="chart__legend" aria-hidden>
        <span className="skeleton chart-skel__chip" />
        <span className="skeleton chart-skel__chip" />
        <span className="skeleton chart-skel__chip" />
      </div>
    </div>
  );
}

/**
 * A prepared chart with its header (title, period, downsampling note, actions, zoom) and legend
 * chips. Shared by the chart and the multichart: `visible` and `onToggle` keep the series choice,
 * `prefixes` (the multichart's unit names) lead each legend chip, `exportOf` adds an Export CSV
 * link for the range on screen (the zoom, else the requested range).
 */
export function ChartView({
  chart,
  title,
  names,
  prefixes,
  visible,
  onToggle,
  fetching,
  locale,
  actions,
  note,
  exportOf,
  yFromZero = false,
}: {
  chart: PreparedChart;
  title: string;
  names: readonly string[];
  prefixes?: readonly string[];
  visible: ReadonlySet<string>;
  onToggle: (column: string, wasVisible: boolean) => void;
  fetching: boolean;
  locale: string;
  actions?: ReactNode;
  note?: ReactNode;
  exportOf?: { units: readonly number[]; columns: readonly string[] };
  /** Chart settings: y axes include zero. */
  yFromZero?: boolean;
}) {
  const { t } = useTranslation();
  const theme = useThemeTokens();
  const dates = useDateFormat();
  const dateInterval = useDateInterval();
  const customRange = useDeviceStore((s) => s.customRange);
  const rangeKey = `${dateInterval}|${customRange?.start ?? ''}|${customRange?.end ?? ''}`;

  const plotRef = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const valueEls = useRef<(HTMLElement | null)[]>([]);
  const timeEl = useRef<HTMLSpanElement>(null);
  const zoom = useRef<{ key: string; range: Zoom | null }>({ key: rangeKey, range: null });
  const [zoomed, setZoomed] = useState<Zoom | null>(null);
  // The numbers instead of the picture, on demand: the plot stays mounted underneath.
  const [asTable, setAsTable] = useState(false);
  const tableId = useId();

  /** Legend values at the crosshair, or the newest values while the cursor is off the plot. */
  const showValues = useCallback(
    (u: uPlot | null) => {
      const idx = u?.cursor.idx;
      const idxs = u?.cursor.idxs;
      for (let i = 0; i < chart.series.length; i++) {
        const el = valueEls.current[i];
        if (!el) continue;
        let v: number | null | undefined = chart.series[i]?.last;
        if (u && idx !== null && idx !== undefined) {
          const j = idxs?.[i + 1] ?? idx;
          v = j === null ? null : (u.data[i + 1]?.[j] as number | null | undefined);
        }
        el.textContent = formatValue(v, locale);
      }
      if (timeEl.current) {
        const x = idx === null || idx === undefined ? undefined : u?.data[0][idx];
        timeEl.current.textContent = x === undefined ? t('chart.latest') : dates.dateTime(x * 1000);
      }
    },
    [chart.series, locale, t, dates],
  );

  useLayoutEffect(() => {
    const el = plotRef.current;
    if (!el) return;
    if (zoom.current.key !== rangeKey) zoom.current = { key: rangeKey, range: null };
    const kept = zoom.current.range;
    const xRange = kept && kept[0] >= chart.start && kept[1] <= chart.end ? kept : null;
    const box = el.getBoundingClientRect();
    let lastIdx: number | null | undefined = -1;
    const built = buildOptions({
      chart,
      visible,
      names,
      theme,
      width: box.width,
      height: box.height,
      locale,
      dates,
      xRange,
      hooks: {
        setScale: [
          (u, key) => {
            if (key !== 'x') return;
            const { min, max } = u.scales.x ?? {};
            if (min === undefined || max === undefined) return;
            const full = min <= chart.start + 1 && max >= chart.end - 1;
            zoom.current.range = full ? null : [min, max];
            setZoomed(zoom.current.range);
          },
        ],
        setCursor: [
          (u) => {
            if (u.cursor.idx === lastIdx) return;
            lastIdx = u.cursor.idx;
            showValues(u);
          },
        ],
      },
    });
    const opts = yFromZero ? zeroBased(built) : built;
    const u = new uPlot(opts, chart.data, el);
    plot.current = u;
    setZoomed(xRange);
    showValues(null);
    const resize = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      if (width > 0 && height > 0 && (Math.floor(width) !== u.width || Math.floor(height) !== u.height)) {
        u.setSize({ width: Math.floor(width), height: Math.floor(height) });
      }
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      u.destroy();
      plot.current = null;
    };
  }, [chart, visible, names, theme, locale, dates, rangeKey, showValues, yFromZero]);

  const resetZoom = () => plot.current?.setScale('x', { min: chart.start, max: chart.end });

  const focus = (i: number | null) => {
    const u = plot.current;
    if (!u) return;
    if (i === null || !visible.has(chart.series[i]?.column ?? '')) u.setSeries(null, { focus: false });
    else u.setSeries(i + 1, { focus: true });
  };

  const shown = zoomed ?? ([chart.start, chart.end] as const);
  const start = dates.dateTime(shown[0] * 1000, { year: false });
  const end = dates.dateTime(shown[1] * 1000, { year: false });
  const bucket = chart.bucketSeconds ? formatBucket(chart.bucketSeconds, locale) : null;
  const allHidden = visible.size === 0;
  const exportUrl = exportOf
    ? csvExportUrl(exportOf.units, exportOf.columns, new Date(shown[0] * 1000), new Date(shown[1] * 1000))
    : undefined;

  return (
    <div className="chart">
      <div className="chart__head">
        <span className="chart__unit" title={title}>
          {title}
        </span>
        <span className="chart__range">{t('chart.range', { start, end })}</span>
        {bucket && (
          <span className="chart__note" title={t('chart.downsampledHint', { bucket })}>
            <Layers size={12} aria-hidden />
            {t('chart.downsampled', { bucket })}
          </span>
        )}
        {note}
        {fetching && <Spinner label={t('common.loading')} />}
        <span className="chart__spacer" />
        {actions}
        <TableToggle
          open={asTable}
          onChange={setAsTable}
          controls={tableId}
          className="chart__action"
          textClassName="chart__action-text"
        />
        {exportUrl && (
          <a
            className="btn btn--ghost chart__action"
            href={exportUrl}
            download
            title={t('chart.exportHint', { start, end })}
          >
            <Download size={14} aria-hidden />
            <span className="chart__action-text">{t('chart.export')}</span>
          </a>
        )}
        {zoomed ? (
          <Button variant="ghost" className="chart__reset" icon={<ZoomOut size={14} aria-hidden />} onClick={resetZoom}>
            {t('chart.resetZoom')}
          </Button>
        ) : (
          <span className="chart__hint">{t('chart.zoomHint')}</span>
        )}
      </div>
      <div className="chart__body">
        <div
          ref={plotRef}
          className="chart__plot"
          dir="ltr"
          role="img"
          aria-label={t('chart.label', { unit: title, start, end })}
          aria-hidden={asTable || undefined}
        >
          {allHidden && <p className="chart__overlay">{t('chart.allHidden')}</p>}
        </div>
        {asTable && (
          <ChartNumbers
            id={tableId}
            chart={chart}
            names={names}
            prefixes={prefixes}
            visible={visible}
            range={shown}
            caption={t('chart.label', { unit: title, start, end })}
            locale={locale}
          />
        )}
      </div>
      <fieldset className="chart__legend">
        <legend className="visually-hidden">{t('chart.legend')}</legend>
        <span className="chart__time" ref={timeEl} />
        {chart.series.map((s, i) => {
          const on = visible.has(s.column);
          const name = names[i] ?? s.column;
          const { stroke, dash } = seriesStyle(i, theme.dark);
          return (
            <button
              key={s.column}
              type="button"
              className="chart__item"
              aria-pressed={on}
              title={t('chart.toggle', { name })}
              onClick={() => onToggle(s.column, on)}
              onMouseEnter={() => focus(i)}
              onMouseLeave={() => focus(null)}
              onFocus={() => focus(i)}
              onBlur={() => focus(null)}
            >
              <svg className="chart__swatch" width="16" height="8" viewBox="0 0 16 8" aria-hidden>
                <line x1="1" y1="4" x2="15" y2="4" stroke={stroke} strokeDasharray={dash.join(' ') || undefined} />
              </svg>
              {prefixes?.[i] && <span className="chart__prefix">{prefixes[i]}</span>}
              <span className="chart__name">{name}</span>
              {/* The value and its unit read "−75 dBm" in every language (ui/Bidi.tsx). */}
              <bdi dir="ltr" className="chart__reading">
                <span
                  className="chart__value"
                  ref={(node) => {
                    valueEls.current[i] = node;
                  }}
                />
                {s.unit && <span className="chart__unit-label">{s.unit}</span>}
              </bdi>
            </button>
          );
        })}
      </fieldset>
    </div>
  );
}

/** The chart's numbers as a table in the plot's place: a row per time, a column per visible series. */
function ChartNumbers({
  id,
  chart,
  names,
  prefixes,
  visible,
  range,
  caption,
  locale,
}: {
  id: string;
  chart: PreparedChart;
  names: readonly string[];
  prefixes?: readonly string[];
  visible: ReadonlySet<string>;
  range: readonly [number, number];
  caption: string;
  locale: string;
}) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const table = useMemo(() => chartTable(chart, visible, range), [chart, visible, range[0], range[1]]);
  const columns = [
    { label: t('common.tableTime') },
    ...table.series.map((i) => {
      const s = chart.series[i];
      const name = [prefixes?.[i], names[i] ?? s?.column].filter(Boolean).join(' · ');
      return { label: s?.unit ? `${name} (${s.unit})` : name, numeric: true };
    }),
  ];
  const rows = table.rows.map((r) => [
    dates.dateTime(r.time * 1000, { seconds: true }),
    ...r.values.map((v) => formatValue(v, locale)),
  ]);
  return (
    <NumbersTable
      id={id}
      className="chart__table"
      caption={caption}
      columns={columns}
      rows={rows}
      total={table.total}
    />
  );
}
