import type { AlarmLimits } from '@fieldwatch/core';

/** One row of the alarm limits table: a limit and its level; `perChannel` rows have a column per channel. */
export type LimitRow = {
  key: string;
  limit: keyof AlarmLimits;
  level: number | null;
  unit: string;
  perChannel: boolean;
};

const levels = (limit: keyof AlarmLimits, count: number, unit: string, perChannel: boolean): LimitRow[] =>
  Array.from({ length: count }, (_, i) => ({ key: `${limit}.${i}`, limit, level: i, unit, perChannel }));

/** The rows of the device alarm tab, in the order an engineer reads a data sheet. */
export const LIMIT_ROWS: readonly LimitRow[] = [
  ...levels('resistance', 4, 'MΩ', true),
  { key: 'loopMax', limit: 'loopMax', level: null, unit: 'Ω', perChannel: true },
  { key: 'loopOpen', limit: 'loopOpen', level: null, unit: 'Ω', perChannel: true },
  ...levels('galvanic', 2, 'mV', true),
  ...levels('radarPct', 2, '%', false),
  { key: 'battery', limit: 'battery', level: null, unit: 'V', perChannel: false },
  { key: 'ground', limit: 'ground', level: null, unit: 'Ω', perChannel: false },
];

/** The table's texts by row key and column ('unit' or a 1-based channel). */
export type LimitTexts = Record<string, Record<string, string>>;

type Limits = Record<string, number | number[] | undefined>;

const cell = (limits: Limits | undefined, row: LimitRow): string => {
  const v = limits?.[row.limit];
  const n = row.level === null ? v : Array.isArray(v) ? v[row.level] : undefined;
  return typeof n === 'number' ? String(n) : '';
};

export function limitTexts(limits: AlarmLimits, channels: readonly number[]): LimitTexts {
  const out: LimitTexts = {};
  for (const row of LIMIT_ROWS) {
    const texts: Record<string, string> = { unit: cell(limits as Limits, row) };
    if (row.perChannel)
      for (const ch of channels) texts[String(ch)] = cell(limits.channels?.[String(ch)] as Limits, row);
    out[row.key] = texts;
  }
  return out;
}

export type LimitProblem = { row: string; column: string; rule: 'number' | 'order' };

/**
 * The limits a table holds, or its problems: a cell must be a number ≥ 0; levels fill in order (no
 * gap before a filled level). An empty channel cell takes the unit's limit.
 */
export function limitsFromTexts(
  texts: LimitTexts,
  channels: readonly number[],
): { limits: AlarmLimits; problems: LimitProblem[] } {
  const problems: LimitProblem[] = [];
  const read = (column: string, perChannelOnly: boolean): Limits => {
    const out: Limits = {};
    for (const row of LIMIT_ROWS) {
      if (perChannelOnly && !row.perChannel) continue;
      const text = (texts[row.key]?.[column] ?? '').trim().replace(',', '.');
      if (text === '') continue;
      const n = Number(text);
      const bad = !Number.isFinite(n) || n < 0;
      if (bad) problems.push({ row: row.key, column, rule: 'number' });
      if (row.level === null) {
        if (!bad) out[row.limit] = n;
      } else {
        const list = (out[row.limit] as number[] | undefined) ?? [];
        // A bad level still takes its place, so the levels after it are not also called out of order.
        if (list.length !== row.level) problems.push({ row: row.key, column, rule: 'order' });
        list[row.level] = n;
        out[row.limit] = list;
      }
    }
    return out;
  };
  const limits: AlarmLimits = read('unit', false);
  const own: Record<string, Limits> = {};
  for (const ch of channels) {
    const l = read(String(ch), true);
    if (Object.keys(l).length > 0) own[String(ch)] = l;
  }
  if (Object.keys(own).length > 0) limits.channels = own;
  return { limits, problems };
}
