import './time-range.css';
import { CUSTOM_RANGE, type DateFormatter, intervalRange, TIME_RANGES } from '@fieldwatch/core';
import { CalendarRange, ChevronLeft, ChevronRight, X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBreakpoint } from '../../lib/useBreakpoint.ts';
import { useDateFormat } from '../../lib/useDateFormat.ts';
import { useDeviceStore } from '../../stores/devices.ts';
import { useRootStore } from '../../stores/root.ts';
import { Button, IconButton } from '../../ui/Button.tsx';
import {
  addMonths,
  dayKey,
  earlier,
  later,
  monthGrid,
  moveDay,
  PRESETS,
  type Preset,
  presetSelection,
  rangeSelection,
  type Selection,
  sameDay,
  selectionRange,
  startOfDay,
  weekStart,
} from './rangeDates.ts';

/**
 * The dashboards' time range (spec §9: 1 h … 1 year, custom): compact chips on wide screens, a
 * select on phones. "Custom" opens the date-range picker of spec §2: a dark panel near the top
 * centre with no text input, where the first click picks the first day and the second the last.
 */

// The control ---------------------------------------------------------------------------------

const setRange = (dateInterval: number) => useDeviceStore.setState({ dateInterval });

export function TimeRangePicker() {
  const { t } = useTranslation();
  const dateInterval = useDeviceStore((s) => s.dateInterval);
  const customRange = useDeviceStore((s) => s.customRange);
  const dates = useDateFormat();
  const phone = useBreakpoint() === 'xs';
  const [open, setOpen] = useState(false);
  const selectId = useId();
  const isCustom = dateInterval === CUSTOM_RANGE && customRange !== null;
  const customLabel = isCustom ? periodLabel(customRange, dates) : t('timeRange.short.custom');

  const choose = (index: number) => (index === CUSTOM_RANGE ? setOpen(true) : setRange(index));

  return (
    <>
      {phone ? (
        <div className="time-range time-range--phone">
          <label className="visually-hidden" htmlFor={selectId}>
            {t('timeRange.label')}
          </label>
          <select
            id={selectId}
            className="field__input field__select time-range__select"
            value={isCustom ? CUSTOM_RANGE : dateInterval}
            onChange={(e) => choose(Number(e.target.value))}
          >
            {TIME_RANGES.map((r, i) => (
              <option key={r.key} value={i}>
                {t(`timeRange.long.${r.key}`)}
              </option>
            ))}
          </select>
          {isCustom && (
            <button
              type="button"
              className="time-range__custom"
              aria-label={t('timeRange.picker.edit')}
              onClick={() => setOpen(true)}
            >
              <CalendarRange size={14} aria-hidden />
              {customLabel}
            </button>
          )}
        </div>
      ) : (
        <RangeChips
          selected={isCustom ? CUSTOM_RANGE : dateInterval}
          customLabel={customLabel}
          onChoose={choose}
          label={t('timeRange.label')}
        />
      )}
      {open && <RangeDialog onClose={() => setOpen(false)} phone={phone} />}
    </>
  );
}

/**
 * The picker counts in days and hours of the profile's timezone: a stored range is read as wall
 * times there (rangeDates.ts works in a Date's local fields) and a picked one turned back into instants.
 */
const wallSelection = (range: { start: string; end: string }, dates: DateFormatter) =>
  rangeSelection(dates.toWall(range.start), dates.toWall(range.end));
const instantRange = (s: Selection, dates: DateFormatter) => {
  const { start, end } = selectionRange(s);
  return { start: dates.fromWall(start).toISOString(), end: dates.fromWall(end).toISOString() };
};

function periodLabel(range: { start: string; end: string }, dates: DateFormatter) {
  const s = wallSelection(range, dates);
  const withTime = s.startHour !== 0 || s.endHour !== 24;
  const { start, end } = selectionRange(s);
  const label = (d: Date) =>
    withTime ? dates.calendar.dateTime(d, { year: false }) : dates.calendar.date(d, { year: false });
  const from = label(start);
  const to = withTime ? label(end) : label(s.to);
  return from === to ? from : `${from} – ${to}`;
}

/** A toolbar of chips: one tab stop, arrow keys move between them, Enter or Space picks. */
function RangeChips({
  selected,
  customLabel,
  onChoose,
  label,
}: {
  selected: number;
  customLabel: string;
  onChoose: (index: number) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const [active, setActive] = useState(selected);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  useEffect(() => setActive(selected), [selected]);

  const onKeyDown = (e: KeyboardEvent) => {
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
    const step: Record<string, number> = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 };
    let next: number | undefined;
    if (e.key in step) next = (active + (step[e.key] as number) + TIME_RANGES.length) % TIME_RANGES.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = TIME_RANGES.length - 1;
    if (next === undefined) return;
    e.preventDefault();
    setActive(next);
    refs.current[next]?.focus();
  };

  return (
    <div className="time-range" role="toolbar" aria-label={label} onKeyDown={onKeyDown}>
      {TIME_RANGES.map((r, i) => {
        const custom = i === CUSTOM_RANGE;
        return (
          <button
            key={r.key}
            ref={(node) => {
              refs.current[i] = node;
            }}
            type="button"
            className={`time-range__chip${custom ? ' time-range__chip--custom' : ''}`}
            aria-pressed={selected === i}
            aria-haspopup={custom ? 'dialog' : undefined}
            tabIndex={active === i ? 0 : -1}
            title={t(`timeRange.long.${r.key}`)}
            onFocus={() => setActive(i)}
            onClick={() => onChoose(i)}
          >
            {custom && <CalendarRange size={13} aria-hidden />}
            {custom ? customLabel : t(`timeRange.short.${r.key}`)}
          </button>
        );
      })}
    </div>
  );
}

// The custom range dialog ---------------------------------------------------------------------

function initialSelection(dates: DateFormatter): Selection {
  const { dateInterval, customRange } = useDeviceStore.getState();
  if (dateInterval === CUSTOM_RANGE && customRange) return wallSelection(customRange, dates);
  const now = new Date();
  const { start } = intervalRange(dateInterval, now);
  return { from: startOfDay(dates.toWall(start)), to: startOfDay(dates.toWall(now)), startHour: 0, endHour: 24 };
}

function RangeDialog({ onClose, phone }: { onClose: () => void; phone: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const firstDay = useMemo(() => weekStart(locale), [locale]);
  const dates = useDateFormat();
  // The grid's days are wall days of the profile's timezone: shown as they are, not shifted again.
  const f = dates.calendar;
  const today = useMemo(() => startOfDay(dates.toWall(Date.now())), [dates]);
  const [sel, setSel] = useState(() => initialSelection(dates));
  /** Waiting for the last day after a first click. */
  const [picking, setPicking] = useState(false);
  const [hover, setHover] = useState<Date | null>(null);
  const [focusDay, setFocusDay] = useState(() => sel.to);
  const months = phone ? 1 : 2;
  const [view, setView] = useState(() => addMonths(sel.to, -(months - 1)));
  const gridRef = useRef<HTMLDivElement>(null);
  const moveFocus = useRef(false);
  const requestBlur = useRootStore((s) => s.requestBlur);
  useEffect(() => requestBlur(), [requestBlur]);

  const lastView = addMonths(view, months - 1);
  const canNext = addMonths(lastView, 1) <= today;

  // Keep the focused day visible and focused when the keyboard moved it.
  useLayoutEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-day="${dayKey(focusDay)}"]`)?.focus();
  }, [focusDay]);

  const goTo = (d: Date) => {
    const target = d > today ? today : d;
    const m = new Date(target.getFullYear(), target.getMonth(), 1);
    if (m < view) setView(m);
    else if (m > lastView) setView(addMonths(m, -(months - 1)));
    moveFocus.current = true;
    setFocusDay(target);
  };

  const pick = (d: Date) => {
    if (d > today) return;
    if (!picking) {
      setSel((s) => ({ ...s, from: d, to: d }));
      setPicking(true);
    } else {
      setSel((s) => (d < s.from ? { ...s, from: d, to: s.from } : { ...s, to: d }));
      setPicking(false);
      setHover(null);
    }
    setFocusDay(d);
  };

  const onGridKey = (e: KeyboardEvent) => {
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
    const next = moveDay(e.key, focusDay, { firstDay, rtl, shift: e.shiftKey });
    if (!next) return;
    e.preventDefault();
    goTo(next);
    if (picking) setHover(earlier(next, today));
  };

  // The range as it will apply; while picking, the hovered day previews the end.
  const shownFrom = picking && hover ? earlier(hover, sel.from) : sel.from;
  const shownTo = picking && hover ? later(hover, sel.from) : sel.to;
  const { start, end } = selectionRange(sel);
  const valid = start < end && !picking;

  const apply = () => {
    if (!valid) return;
    useDeviceStore.setState({ dateInterval: CUSTOM_RANGE, customRange: instantRange(sel, dates) });
    onClose();
  };
  const applyPreset = (p: Preset) => {
    const s = presetSelection(p, dates.toWall(Date.now()), firstDay);
    useDeviceStore.setState({ dateInterval: CUSTOM_RANGE, customRange: instantRange(s, dates) });
    onClose();
  };

  const hourLabel = (h: number) => (h === 24 ? t('timeRange.picker.endOfDay') : f.time(new Date(2000, 0, 1, h)));
  // 2024-01-01 was a Monday: day (firstDay + i) of that week. Short names, or narrow ones where
  // the language's short names are long (Arabic writes them out).
  const weekdays = Array.from({ length: 7 }, (_, i) => new Date(2024, 0, ((firstDay + i - 1) % 7) + 1)).map((d) => ({
    day: d.getDay(),
    long: f.weekday(d, 'long'),
    short: f.weekday(d, 'short'),
    narrow: f.weekday(d, 'narrow'),
  }));
  const useNarrow = weekdays.some((w) => w.short.length > 4);

  return (
    <RadixDialog.Root open onOpenChange={(o) => !o && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="range-picker__overlay" />
        <RadixDialog.Content
          className={`range-picker${phone ? ' range-picker--phone' : ''}`}
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            gridRef.current?.querySelector<HTMLButtonElement>('[tabindex="0"]')?.focus();
          }}
        >
          <div className="range-picker__head">
            <RadixDialog.Title className="range-picker__title">{t('timeRange.picker.title')}</RadixDialog.Title>
            <RadixDialog.Close asChild>
              <IconButton label={t('common.close')}>
                <X size={18} aria-hidden />
              </IconButton>
            </RadixDialog.Close>
          </div>
          <RadixDialog.Description className="visually-hidden">
            {t('timeRange.picker.description')}
          </RadixDialog.Description>

          <div className="range-picker__main">
            <fieldset className="range-picker__presets">
              <legend className="visually-hidden">{t('timeRange.picker.presets')}</legend>
              {PRESETS.map((p) => (
                <button key={p} type="button" className="range-picker__preset" onClick={() => applyPreset(p)}>
                  {t(`timeRange.picker.${p}`)}
                </button>
              ))}
            </fieldset>

            <div className="range-picker__calendar">
              <div className="range-picker__nav">
                <IconButton label={t('timeRange.picker.previousMonth')} onClick={() => setView(addMonths(view, -1))}>
                  <ChevronLeft size={18} className="range-picker__chevron" aria-hidden />
                </IconButton>
                <p className="range-picker__prompt" aria-live="polite">
                  {picking ? t('timeRange.picker.pickEnd') : t('timeRange.picker.pickStart')}
                </p>
                <IconButton
                  label={t('timeRange.picker.nextMonth')}
                  onClick={() => canNext && setView(addMonths(view, 1))}
                  aria-disabled={!canNext}
                  className={canNext ? undefined : 'range-picker__nav--off'}
                >
                  <ChevronRight size={18} className="range-picker__chevron" aria-hidden />
                </IconButton>
              </div>
              {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys of the day grids below */}
              <div className="range-picker__months" ref={gridRef} onKeyDown={onGridKey}>
                {Array.from({ length: months }, (_, m) => {
                  const month = addMonths(view, m);
                  const title = f.month(month, { long: true });
                  return (
                    <table key={dayKey(month)} className="range-picker__month" aria-label={title}>
                      <caption className="range-picker__month-title">{title}</caption>
                      <thead>
                        <tr>
                          {weekdays.map((w) => (
                            <th key={w.day} scope="col" abbr={w.long}>
                              {useNarrow ? w.narrow : w.short}
                            </th>
                          ))}
                        </tr>
                      </thead>
                      <tbody onMouseLeave={() => setHover(null)}>
                        {monthGrid(month, firstDay).map((week) => (
                          <tr key={dayKey(week.find(Boolean) ?? month)}>
                            {week.map((d, i) => {
                              // biome-ignore lint/suspicious/noArrayIndexKey: a blank keeps its place in the week
                              if (!d) return <td key={i} />;
                              const future = d > today;
                              const inRange = d >= shownFrom && d <= shownTo;
                              const isStart = sameDay(d, shownFrom);
                              const isEnd = sameDay(d, shownTo);
                              const classes = [
                                'range-picker__day',
                                inRange && 'is-in',
                                isStart && 'is-start',
                                isEnd && 'is-end',
                                sameDay(d, today) && 'is-today',
                              ];
                              return (
                                <td
                                  key={dayKey(d)}
                                  className={
                                    inRange
                                      ? ['is-in', isStart && 'is-start', isEnd && 'is-end'].filter(Boolean).join(' ')
                                      : undefined
                                  }
                                >
                                  <button
                                    type="button"
                                    data-day={dayKey(d)}
                                    className={classes.filter(Boolean).join(' ')}
                                    tabIndex={sameDay(d, focusDay) ? 0 : -1}
                                    aria-disabled={future || undefined}
                                    aria-current={sameDay(d, today) ? 'date' : undefined}
                                    aria-label={f.date(d, { weekday: true })}
                                    aria-pressed={inRange}
                                    onClick={() => pick(d)}
                                    onMouseEnter={() => picking && !future && setHover(d)}
                                    onFocus={() => setFocusDay(d)}
                                  >
                                    {d.getDate()}
                                  </button>
                                </td>
                              );
                            })}
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  );
                })}
              </div>
            </div>
          </div>

          <div className="range-picker__foot">
            <div className="range-picker__ends">
              <RangeEnd
                label={t('timeRange.picker.from')}
                day={f.date(shownFrom, { weekday: true })}
                timeLabel={t('timeRange.picker.startTime')}
                hours={Array.from({ length: 24 }, (_, h) => h)}
                value={sel.startHour}
                hourLabel={hourLabel}
                onChange={(startHour) => setSel((s) => ({ ...s, startHour }))}
              />
              <span className="range-picker__arrow" aria-hidden>
                →
              </span>
              <RangeEnd
                label={t('timeRange.picker.to')}
                day={f.date(shownTo, { weekday: true })}
                timeLabel={t('timeRange.picker.endTime')}
                hours={Array.from({ length: 24 }, (_, h) => h + 1)}
                value={sel.endHour}
                hourLabel={hourLabel}
                onChange={(endHour) => setSel((s) => ({ ...s, endHour }))}
              />
            </div>
            {!picking && start >= end && (
              <p className="field__error" role="alert">
                {t('timeRange.picker.invalid')}
              </p>
            )}
            <div className="range-picker__actions">
              <RadixDialog.Close asChild>
                <Button>{t('common.cancel')}</Button>
              </RadixDialog.Close>
              <Button variant="primary" onClick={apply} disabled={!valid}>
                {t('timeRange.picker.apply')}
              </Button>
            </div>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function RangeEnd({
  label,
  day,
  timeLabel,
  hours,
  value,
  hourLabel,
  onChange,
}: {
  label: string;
  day: string;
  timeLabel: string;
  hours: number[];
  value: number;
  hourLabel: (h: number) => string;
  onChange: (h: number) => void;
}) {
  const id = useId();
  return (
    <div className="range-picker__end">
      <span className="range-picker__end-label">{label}</span>
      <span className="range-picker__end-day">{day}</span>
      <label className="visually-hidden" htmlFor={id}>
        {timeLabel}
      </label>
      <select
        id={id}
        className="field__input field__select range-picker__time"
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {hours.map((h) => (
          <option key={h} value={h}>
            {hourLabel(h)}
          </option>
        ))}
      </select>
    </div>
  );
}
