import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '@/lib/useDateFormat.ts';
import { TIME_SLOT, TimeIn } from '@/ui/Time.tsx';
import { useCustomerIds, useDateRange } from '../../data.ts';
import { kpiAlarmsQuery } from '../../queries.ts';
import type { WidgetProps } from '../../widgetTypes.ts';
import { formatNumber } from '../common/format.ts';
import { alarmsPeriod, alarmsProps } from '../common/props.ts';
import { Updated, widgetState } from '../common/WidgetState.tsx';
import { alarmBars, type DayBar } from './kpiMath.ts';
import '../common/kpiLayout.css';
import './kpi.css';

/**
 * Alarms (the GetKPIAlarms call): the number of alarms raised over the dashboards' date
 * interval and a bar per (UTC) day, today's bar highlighted. Live alarms re-read it (data.ts).
 */
export function AlarmsWidget({ widget }: WidgetProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const customers = useCustomerIds();
  const range = useDateRange();
  const { period } = useMemo(() => alarmsProps(widget.props), [widget.props]);
  // A fixed period ends now; "now" moves with the dashboard's refresh, like the range does.
  const { start, end } = useMemo(() => alarmsPeriod(period, range, new Date()), [period, range]);
  const q = useQuery({
    ...kpiAlarmsQuery(customers, start),
    enabled: customers.length > 0,
    placeholderData: (previous) => previous,
  });
  const bars = useMemo(() => alarmBars(q.data ?? [], start, end, new Date()), [q.data, start, end]);
  const total = bars.reduce((n, b) => n + b.count, 0);
  const today = bars.find((b) => b.today);

  const state = widgetState({ customers, shape: 'kpi', queries: [q], failed: t('widgets.alarms.failed') });
  if (state) return state;

  return (
    <div className="kpi kpi--alarms">
      <div className="kpi__hero">
        <span className="kpi__figure">{formatNumber(lang, total)}</span>
        <span className="kpi__caption">
          <TimeIn text={t('widgets.alarms.since', { count: total, date: TIME_SLOT })} at={start} form="date" />
        </span>
      </div>
      {total === 0 ? (
        <p className="kpi__meta kpi__quiet">
          <Bell size={14} aria-hidden /> {t('widgets.alarms.none')}
        </p>
      ) : (
        <DayBars bars={bars} lang={lang} />
      )}
      <div className="kpi__foot">
        {today && (
          <span className="kpi__today">{t('widgets.alarms.today', { n: formatNumber(lang, today.count) })}</span>
        )}
        <Updated at={q.dataUpdatedAt} />
      </div>
    </div>
  );
}

/** One bar per day (or per group of days on long intervals); time runs left to right in every language. */
function DayBars({ bars, lang }: { bars: readonly DayBar[]; lang: string }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const max = Math.max(1, ...bars.map((b) => b.count));
  const n = bars.length;
  const gap = n > 40 ? 0.15 : 0.25;
  // The bars are the server's (UTC) calendar days: shown as days, not shifted to the profile timezone.
  const day = (d: string) => dates.calendar.date(d, { year: false });
  const first = bars[0];
  const last = bars[n - 1];
  return (
    <figure className="daybars" aria-label={t('widgets.alarms.chart')}>
      <svg className="daybars__svg" viewBox={`0 0 ${n} 100`} preserveAspectRatio="none" role="presentation">
        {bars.map((b, i) => {
          const h = b.count === 0 ? 0 : Math.max(3, (b.count / max) * 100);
          const when = b.until !== b.date ? `${day(b.date)} – ${day(b.until)}` : day(b.date);
          return (
            <g key={b.date}>
              <title>{t('widgets.alarms.bar', { count: b.count, n: formatNumber(lang, b.count), date: when })}</title>
              {/* The whole column takes the hover, so thin bars are still easy to point at. */}
              <rect className="daybars__hit" x={i} y={0} width={1} height={100} />
              <rect className="daybars__base" x={i + gap / 2} y={99} width={1 - gap} height={1} />
              {h > 0 && (
                <rect
                  className={b.today ? 'daybars__bar daybars__bar--today' : 'daybars__bar'}
                  x={i + gap / 2}
                  y={100 - h}
                  width={1 - gap}
                  height={h}
                />
              )}
            </g>
          );
        })}
      </svg>
      {first && last && (
        <figcaption className="daybars__axis">
          <span>{day(first.date)}</span>
          {n > 1 && <span>{last.today ? t('widgets.alarms.todayLabel') : day(last.until)}</span>}
        </figcaption>
      )}
    </figure>
  );
}
