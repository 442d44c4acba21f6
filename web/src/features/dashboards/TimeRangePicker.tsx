import './timeRange.css';
import { CUSTOM_RANGE, type DateFormatter, TIME_RANGES } from '@fieldwatch/core';
import { CalendarRange } from 'lucide-react';
import { type KeyboardEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadChunk } from '@/lib/chunkLoad.ts';
import { useBreakpoint } from '@/lib/useBreakpoint.ts';
import { useDateFormat } from '@/lib/useDateFormat.ts';
import { useDeviceStore } from '@/stores/devices.ts';
import { useDateInterval, useRangeChoices } from './rangeChoices.ts';
import { selectionRange, wallSelection } from './rangeDates.ts';

// The custom range dialog and its calendar (and Radix's dialog) load when it is first opened.
const RangeDialog = lazy(() => loadChunk(() => import('./RangeDialog.tsx')).then((m) => ({ default: m.RangeDialog })));

/**
 * The dashboards' time range (1 h … 1 year, custom), as many of them as the dashboard in
 * view offers (the data view: 1 h to 30 days, see rangeChoices.ts): compact chips on wide screens, a
 * select on phones. "Custom" opens the date-range picker: a dark panel near the top
 * centre with no text input, where the first click picks the first day and the second the last.
 */

// The control ---------------------------------------------------------------------------------

const setRange = (dateInterval: number) => useDeviceStore.setState({ dateInterval });

export function TimeRangePicker() {
  const { t } = useTranslation();
  const choices = useRangeChoices();
  const dateInterval = useDateInterval();
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
            {choices.map((i) => {
              const key = TIME_RANGES[i]?.key;
              return (
                <option key={key} value={i}>
                  {t(`timeRange.long.${key}`)}
                </option>
              );
            })}
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
          choices={choices}
          selected={isCustom ? CUSTOM_RANGE : dateInterval}
          customLabel={customLabel}
          onChoose={choose}
          label={t('timeRange.label')}
        />
      )}
      {open && (
        <Suspense fallback={null}>
          <RangeDialog onClose={() => setOpen(false)} phone={phone} />
        </Suspense>
      )}
    </>
  );
}

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
  choices,
  selected,
  customLabel,
  onChoose,
  label,
}: {
  choices: readonly number[];
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
    const at = choices.indexOf(active);
    let next: number | undefined;
    if (e.key in step) next = choices[(at + (step[e.key] as number) + choices.length) % choices.length];
    else if (e.key === 'Home') next = choices[0];
    else if (e.key === 'End') next = choices.at(-1);
    if (next === undefined) return;
    e.preventDefault();
    setActive(next);
    refs.current[next]?.focus();
  };

  return (
    <div className="time-range" role="toolbar" aria-label={label} onKeyDown={onKeyDown}>
      {choices.map((i) => {
        const r = TIME_RANGES[i];
        if (!r) return null;
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
