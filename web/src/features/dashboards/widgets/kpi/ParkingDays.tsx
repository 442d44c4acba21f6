import type { ParkingReport } from '@fieldwatch/core';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '@/lib/useDateFormat.ts';
import { formatPercent } from '../common/format.ts';
import './parkingDays.css';

/** One day's occupancy within the window: of every bay, or of one unit; undefined: no window that day. */
export function dayOccupancy(report: ParkingReport, unitId: number | undefined): number | undefined {
  const usage = unitId === undefined ? report.Totals : report.Units.find((u) => u.UnitID === unitId);
  return usage && usage.WindowMinutes > 0 ? usage.Occupancy : undefined;
}

/**
 * Occupancy per day within the daily window (the newest days of the range): of all bays, or of the
 * unit the link group has selected. Bars on a fixed 0–100 % scale; time runs left to right.
 */
export function ParkingDays({
  days,
  unitId,
  lang,
}: {
  days: readonly { day: string; report: ParkingReport }[];
  unitId: number | undefined;
  lang: string;
}) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  // Report days are calendar days ('YYYY-MM-DD'): shown as days, not shifted to the profile timezone.
  const label = (d: string) => dates.calendar.date(d, { year: false });
  const unitName = unitId === undefined ? undefined : days[0]?.report.Units.find((u) => u.UnitID === unitId)?.UnitName;
  const n = days.length;
  const first = days[0];
  const last = days[n - 1];
  const title = unitName
    ? t('widgets.parkingStatistics.perDayUnit', { name: unitName })
    : t('widgets.parkingStatistics.perDay');
  return (
    <figure className="pdays" aria-label={title}>
      <figcaption className="kpi__label pdays__title" title={title}>
        {title}
      </figcaption>
      <svg className="pdays__svg" viewBox={`0 0 ${n} 100`} preserveAspectRatio="none" role="presentation">
        {days.map((d, i) => {
          const share = dayOccupancy(d.report, unitId);
          const h = share === undefined ? 0 : Math.max(share > 0 ? 3 : 0, share * 100);
          const text =
            share === undefined
              ? t('widgets.parkingStatistics.dayNoWindow', { date: label(d.day) })
              : t('widgets.parkingStatistics.day', { date: label(d.day), share: formatPercent(lang, share) });
          return (
            <g key={d.day} data-day={d.day}>
              <title>{text}</title>
              <rect className="pdays__hit" x={i} y={0} width={1} height={100} />
              <rect className="pdays__base" x={i + 0.12} y={99} width={0.76} height={1} />
              {h > 0 && <rect className="pdays__bar" x={i + 0.12} y={100 - h} width={0.76} height={h} />}
            </g>
          );
        })}
      </svg>
      {first && last && (
        <div className="pdays__axis" aria-hidden>
          <span>{label(first.day)}</span>
          <span>{label(last.day)}</span>
        </div>
      )}
      <ul className="visually-hidden">
        {days.map((d) => {
          const share = dayOccupancy(d.report, unitId);
          return (
            <li key={d.day}>
              {share === undefined
                ? t('widgets.parkingStatistics.dayNoWindow', { date: label(d.day) })
                : t('widgets.parkingStatistics.day', { date: label(d.day), share: formatPercent(lang, share) })}
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
