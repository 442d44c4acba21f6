import { CUSTOM_RANGE, type DateFormatter, intervalRange } from '@fieldwatch/core';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '@/lib/useDateFormat.ts';
import { useDeviceStore } from '@/stores/devices.ts';
import { useRootStore } from '@/stores/root.ts';
import { Button, IconButton } from '@/ui/Button.tsx';
import {
  addMonths,
  dayKey,
  earlier,
  instantRange,
  later,
  monthGrid,
  moveDay,
  PRESETS,
  type Preset,
  presetSelection,
  type Selection,
  sameDay,
  selectionRange,
  startOfDay,
  wallSelection,
  weekStart,
} from './rangeDates.ts';

/** The custom range dialog of TimeRangePicker.tsx: loaded when it first opens (Radix's dialog with it). */
// The custom range dialog ---------------------------------------------------------------------

function initialSelection(dates: DateFormatter): Selection {
  const { dateInterval, customRange } = useDeviceStore.getState();
  if (dateInterval === CUSTOM_RANGE && customRange) return wallSelection(customRange, dates);
  const now = new Date();
  const { start } = intervalRange(dateInterval, now);
  return { from: startOfDay(dates.toWall(start)), to: startOfDay(dates.toWall(now)), startHour: 0, endHour: 24 };
}

export function RangeDialog({ onClose, phone }: { onClose: () => void; phone: boolean }) {
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
