import type { DateFormatter, When } from '@fieldwatch/core';
import type { ReactNode } from 'react';
import { useDateFormat } from '@/lib/useDateFormat.ts';

/** How a `<Time>` reads: the full date and time, the date, the time of day, or day and month (with or without the time). */
export type TimeForm = 'dateTime' | 'date' | 'time' | 'dayTime' | 'day';

/** One instant in a form, by the profile's date order, clock and timezone (timeConfig). */
function formatForm(f: DateFormatter, at: When, form: TimeForm, seconds = false): string {
  switch (form) {
    case 'date':
      return f.date(at);
    case 'time':
      return f.time(at, { seconds });
    case 'dayTime':
      return f.dateTime(at, { year: false, seconds });
    case 'day':
      return f.date(at, { year: false });
    default:
      return f.dateTime(at, { seconds });
  }
}

/**
 * An instant on screen: a `<time>` element with the machine-readable moment, its text in the
 * profile's form, and the full date and time as its tooltip when the text shows less (or, as
 * `children`, something else, such as "5 min ago"). A time that cannot be read shows as given.
 */
type TimeProps = { at: When; form?: TimeForm; seconds?: boolean; className?: string };

export function Time({ at, form = 'dateTime', seconds, className, children }: TimeProps & { children?: ReactNode }) {
  const f = useDateFormat();
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return <span className={className}>{String(at)}</span>;
  const text = formatForm(f, date, form, seconds);
  const full = f.dateTime(date, { seconds });
  return (
    <time
      className={className}
      dateTime={date.toISOString()}
      title={children !== undefined || text !== full ? full : undefined}
    >
      {children ?? text}
    </time>
  );
}

/** Stands for the instant in a translated sentence given to `<TimeIn>` (invisible, never translated). */
export const TIME_SLOT = '\u2063time\u2063';

/**
 * A translated sentence with an instant in it, the instant as a `<Time>`: pass the text made with
 * the slot, `t('widgets.alarms.since', { date: TIME_SLOT })`, so every language keeps its own order.
 */
export function TimeIn({ text, ...time }: TimeProps & { text: string }) {
  const at = text.indexOf(TIME_SLOT);
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <Time {...time} />
      {text.slice(at + TIME_SLOT.length)}
    </>
  );
}
