import { CUSTOM_RANGE, type Profile, rangeChoices, TIME_RANGES } from '@fieldwatch/core';
import { act, cleanup, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/i18n/i18n.ts';
import { DEFAULT_DATE_INTERVAL, useDeviceStore } from '@/stores/devices.ts';
import { useUserStore } from '@/stores/user.ts';
import { useDateRange } from './data.ts';
import { RangeChoices } from './rangeChoices.ts';
import { addDays, monthGrid, moveDay, presetSelection, rangeSelection, selectionRange } from './rangeDates.ts';
import { TimeRangePicker } from './TimeRangePicker.tsx';

const d = (y: number, m: number, day: number, h = 0) => new Date(y, m - 1, day, h);

// The picker counts days in the profile's timezone and shows them in its date order; the
// expectations are worked out here with Intl directly (Seoul: UTC+9, no summer time).
const SEOUL = { timeFormat: '12h', timezone: 'GMT +09:00 Seoul', dateFormat: 'DD MMM YYYY' } as const;
const seoulToday = () => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Seoul',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(new Date());
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { y: n('year'), m: n('month') - 1, day: n('day') };
};
const seoulMidnight = (y: number, m: number, day: number) => new Date(Date.UTC(y, m, day) - 9 * 3600_000);
const dayParts = (y: number, m: number, day: number) => {
  const at = new Date(Date.UTC(y, m, day));
  const f = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en', { ...o, timeZone: 'UTC' }).format(at);
  return { weekday: f({ weekday: 'short' }), dd: f({ day: '2-digit' }), month: f({ month: 'short' }), year: String(y) };
};

describe('calendar helpers', () => {
  it('lays out a month in weeks from the given first weekday', () => {
    // March 2026 starts on a Sunday.
    const monday = monthGrid(d(2026, 3, 1), 1);
    expect(monday[0]?.slice(0, 7).map((x) => x?.getDate() ?? null)).toEqual([null, null, null, null, null, null, 1]);
    expect(monday.flat().filter(Boolean).length).toBe(31);
    expect(monday.every((w) => w.length === 7)).toBe(true);
    const sunday = monthGrid(d(2026, 3, 1), 7);
    expect(sunday[0]?.[0]?.getDate()).toBe(1);
  });

  it('moves the focused day like a date-picker grid', () => {
    const day = d(2026, 3, 31);
    const o = { firstDay: 1 };
    expect(moveDay('ArrowRight', day, o)).toEqual(d(2026, 4, 1));
    expect(moveDay('ArrowRight', day, { ...o, rtl: true })).toEqual(d(2026, 3, 30));
    expect(moveDay('ArrowUp', day, o)).toEqual(d(2026, 3, 24));
    expect(moveDay('PageUp', day, o)).toEqual(d(2026, 2, 28));
    expect(moveDay('PageDown', day, { ...o, shift: true })).toEqual(d(2027, 3, 31));
    expect(moveDay('Home', day, o)).toEqual(d(2026, 3, 30)); // a Tuesday → Monday
    expect(moveDay('End', day, o)).toEqual(d(2026, 4, 5));
    expect(moveDay('a', day, o)).toBeUndefined();
  });

  it('turns a selection into [start, end) and back; the end of day is midnight after', () => {
    const sel = { from: d(2026, 3, 2), to: d(2026, 3, 8), startHour: 6, endHour: 24 };
    const r = selectionRange(sel);
    expect(r).toEqual({ start: d(2026, 3, 2, 6), end: d(2026, 3, 9) });
    expect(rangeSelection(r.start, r.end)).toEqual(sel);
    expect(rangeSelection(d(2026, 3, 2, 6), d(2026, 3, 8, 18))).toEqual({ ...sel, endHour: 18 });
  });

  it('gives quick picks in whole days', () => {
    const now = d(2026, 3, 12, 15); // Thursday
    expect(selectionRange(presetSelection('today', now, 1))).toEqual({ start: d(2026, 3, 12), end: d(2026, 3, 13) });
    expect(selectionRange(presetSelection('yesterday', now, 1))).toEqual({
      start: d(2026, 3, 11),
      end: d(2026, 3, 12),
    });
    expect(presetSelection('thisWeek', now, 1).from).toEqual(d(2026, 3, 9));
    expect(presetSelection('thisWeek', now, 7).from).toEqual(d(2026, 3, 8));
    expect(presetSelection('lastWeek', now, 1)).toMatchObject({ from: d(2026, 3, 2), to: d(2026, 3, 8) });
    expect(presetSelection('lastMonth', now, 1)).toMatchObject({ from: d(2026, 2, 1), to: d(2026, 2, 28) });
    expect(addDays(d(2026, 3, 29), 1)).toEqual(d(2026, 3, 30)); // across the DST change in Europe
  });
});

describe('TimeRangePicker', () => {
  beforeAll(async () => {
    await initI18n('en');
    // The dialog's module loads when it first opens; loaded here, it opens within findBy's wait.
    await import('./RangeDialog.tsx');
  });
  beforeEach(() => {
    useDeviceStore.setState({ dateInterval: DEFAULT_DATE_INTERVAL, customRange: null });
    useUserStore.setState({ profile: { timeConfig: SEOUL } as unknown as Profile });
  });
  afterEach(() => {
    cleanup();
    useUserStore.setState({ profile: null });
  });

  it('shows the ranges as chips and picks one', () => {
    render(<TimeRangePicker />);
    const bar = screen.getByRole('toolbar', { name: 'Time range' });
    const chips = within(bar).getAllByRole('button');
    expect(chips.map((c) => c.textContent)).toEqual([
      '1 h',
      '6 h',
      '24 h',
      '72 h',
      '1 wk',
      '1 mo',
      '2 mo',
      '6 mo',
      '1 yr',
      'Custom',
    ]);
    expect(chips[4]?.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(chips[2] as HTMLElement);
    expect(useDeviceStore.getState().dateInterval).toBe(2);
  });

  it('moves between chips with the arrow keys (one tab stop)', () => {
    render(<TimeRangePicker />);
    const chips = within(screen.getByRole('toolbar')).getAllByRole('button');
    expect(chips.filter((c) => c.tabIndex === 0)).toEqual([chips[4]]);
    (chips[4] as HTMLElement).focus();
    fireEvent.keyDown(chips[4] as HTMLElement, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(chips[5]);
    fireEvent.keyDown(chips[5] as HTMLElement, { key: 'End' });
    expect(document.activeElement).toBe(chips[9]);
  });

  it('picks a custom period with two clicks in the calendar and applies it', async () => {
    render(<TimeRangePicker />);
    fireEvent.click(screen.getByRole('button', { name: 'Custom' }));
    const dialog = await screen.findByRole('dialog', { name: 'Custom period' });
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    // Today in Seoul, whatever the test machine's timezone: days 1 and 2 of that month (or day 1 twice).
    const { y, m, day } = seoulToday();
    const second = Math.min(2, day);
    // Day first ('Mon 02 Nov 2026'), as the profile says.
    const label = (x: number) => {
      const p = dayParts(y, m, x);
      return `${p.weekday} ${p.dd} ${p.month} ${p.year}`;
    };
    fireEvent.click(within(dialog).getByRole('button', { name: label(second) }));
    expect(within(dialog).getByText('Pick the last day')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: label(1) }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    const s = useDeviceStore.getState();
    expect(s.dateInterval).toBe(CUSTOM_RANGE);
    // Whole days from Seoul's midnight to Seoul's midnight.
    expect(s.customRange).toEqual({
      start: seoulMidnight(y, m, 1).toISOString(),
      end: seoulMidnight(y, m, second + 1).toISOString(),
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    // Role queries over a month's calendar are slow in jsdom on a busy machine.
  }, 20_000);

  it('applies a quick pick at once', async () => {
    render(<TimeRangePicker />);
    fireEvent.click(screen.getByRole('button', { name: 'Custom' }));
    const yesterday = await screen.findByRole('button', { name: 'Yesterday' });
    await act(async () => {
      fireEvent.click(yesterday);
    });
    const s = useDeviceStore.getState();
    expect(s.dateInterval).toBe(CUSTOM_RANGE);
    // Yesterday in Seoul: midnight to midnight there.
    const { y, m, day } = seoulToday();
    expect(s.customRange).toEqual({
      start: seoulMidnight(y, m, day - 1).toISOString(),
      end: seoulMidnight(y, m, day).toISOString(),
    });
    const chips = within(screen.getByRole('toolbar')).getAllByRole('button');
    const custom = chips[CUSTOM_RANGE] as HTMLElement;
    expect(custom.getAttribute('aria-pressed')).toBe('true');
    const p = dayParts(y, m, day - 1);
    expect(custom.textContent).toBe(`${p.dd} ${p.month}`);
  });
});

// The data view is the built-in 'telemetry' dashboard; its page gives its widgets and picker its choices.
const InDataView = ({ children }: { children: ReactNode }) => (
  <RangeChoices.Provider value={rangeChoices('telemetry')}>{children}</RangeChoices.Provider>
);

describe('TimeRangePicker in the data view', () => {
  const indexOf = (key: string) => TIME_RANGES.findIndex((r) => r.key === key);

  // Once per file: a second set-up of i18next would drop the texts the first one loaded.
  beforeAll(async () => {
    if (!i18n.isInitialized) await initI18n('en');
  });
  beforeEach(() => useDeviceStore.setState({ dateInterval: DEFAULT_DATE_INTERVAL, customRange: null }));
  afterEach(cleanup);

  it('offers 1 hour, 6 hours, 1 day, 3 days, 7 days and 30 days, and nothing longer', () => {
    render(<TimeRangePicker />, { wrapper: InDataView });
    const chips = within(screen.getByRole('toolbar', { name: 'Time range' })).getAllByRole('button');
    expect(chips.map((c) => c.getAttribute('title'))).toEqual([
      'Last hour',
      'Last 6 hours',
      'Last 24 hours',
      'Last 72 hours',
      'Last week',
      'Last month',
    ]);
    expect(chips.map((c) => c.textContent)).toEqual(['1 h', '6 h', '24 h', '72 h', '1 wk', '1 mo']);
    fireEvent.click(chips[1] as HTMLElement);
    expect(useDeviceStore.getState().dateInterval).toBe(indexOf('6h'));
    // Arrow keys and End stay among the offered chips.
    (chips[1] as HTMLElement).focus();
    fireEvent.keyDown(chips[1] as HTMLElement, { key: 'End' });
    expect(document.activeElement).toBe(chips[5]);
    fireEvent.keyDown(chips[5] as HTMLElement, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(chips[0]);
  });

  it('shows a longer range chosen on another dashboard as its longest, 30 days, and keeps the choice', () => {
    for (const key of ['2m', '6m', '1y']) {
      useDeviceStore.setState({ dateInterval: indexOf(key) });
      render(<TimeRangePicker />, { wrapper: InDataView });
      const pressed = within(screen.getByRole('toolbar')).getByRole('button', { pressed: true });
      expect(pressed.textContent, key).toBe('1 mo');
      cleanup();
      const now = Date.now();
      const { result } = renderHook(() => useDateRange(), { wrapper: InDataView });
      expect(result.current.end.getTime() - result.current.start.getTime(), key).toBe(30 * 24 * 3600_000);
      expect(result.current.end.getTime()).toBeGreaterThanOrEqual(now);
      expect(useDeviceStore.getState().dateInterval, key).toBe(indexOf(key));
    }
  });

  it('leaves every range to the other dashboards', () => {
    useDeviceStore.setState({ dateInterval: indexOf('1y') });
    render(<TimeRangePicker />);
    const chips = within(screen.getByRole('toolbar')).getAllByRole('button');
    expect(chips).toHaveLength(TIME_RANGES.length);
    expect(within(screen.getByRole('toolbar')).getByRole('button', { pressed: true }).textContent).toBe('1 yr');
    const { result } = renderHook(() => useDateRange());
    expect(result.current.end.getTime() - result.current.start.getTime()).toBe(365 * 24 * 3600_000);
  });
});
