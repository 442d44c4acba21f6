import { type Alarm, DEFAULT_ALARM_JOIN_HOURS } from '@fieldwatch/core';

/** An alarm list row: the latest raise of a fault, how many times it was raised, and since when. */
export type JoinedAlarm = { alarm: Alarm; count: number; since: number };

/**
 * One fault, one row: raises of the same unit, channel and alarm type that follow each other
 * within the window join one row, as they join one event on the server. `timeOf` reads an alarm's
 * time (undefined for an unreadable one, which stays a row of its own). Newest rows first.
 */
export function joinOccurrences(
  alarms: readonly Alarm[],
  timeOf: (a: Alarm) => number | undefined,
  windowMs = DEFAULT_ALARM_JOIN_HOURS * 3_600_000,
): JoinedAlarm[] {
  const timed = alarms.map((alarm) => ({ alarm, at: timeOf(alarm) }));
  timed.sort((a, b) => (a.at ?? 0) - (b.at ?? 0));
  const open = new Map<string, JoinedAlarm & { last: number }>();
  const rows: (JoinedAlarm & { last: number })[] = [];
  for (const { alarm, at } of timed) {
    if (at === undefined) {
      rows.push({ alarm, count: 1, since: Number.NaN, last: Number.NaN });
      continue;
    }
    const key = `${alarm.UnitID}:${alarm.ChannelID}:${alarm.AlarmType}`;
    const row = open.get(key);
    if (row && at - row.last <= windowMs) {
      row.alarm = alarm;
      row.count++;
      row.last = at;
    } else {
      const fresh = { alarm, count: 1, since: at, last: at };
      open.set(key, fresh);
      rows.push(fresh);
    }
  }
  return rows.reverse().map(({ alarm, count, since }) => ({ alarm, count, since }));
}
