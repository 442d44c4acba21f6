import type { KeyboardEvent, ReactNode } from 'react';
import { Select } from './Select.tsx';

/** Keeps the chosen tab in view in a sideways-scrolling tab list (phones). */
function centreInList(tab: HTMLButtonElement | null) {
  const list = tab?.parentElement;
  if (!tab || !list) return;
  const a = tab.getBoundingClientRect();
  const b = list.getBoundingClientRect();
  list.scrollBy?.({ left: a.left + a.width / 2 - (b.left + b.width / 2) });
}

type TabsProps<K extends string> = {
  /** The tab list's accessible name. */
  label: string;
  /** A prefix for element ids, unique on the page. */
  id: string;
  tabs: readonly { key: K; label: string }[];
  active: K;
  onChange: (key: K) => void;
  className?: string;
  /** Many tabs: the list wraps into rows, and on phones a select of the tabs stands in for it. */
  wrap?: boolean;
  children: ReactNode;
};

/**
 * A tab list and its panel (WAI-ARIA tabs): arrow keys, Home and End move between tabs; the list
 * scrolls sideways on narrow screens with the chosen tab kept in view (or, with `wrap`, wraps and
 * gives way to a select on phones).
 */
export function Tabs<K extends string>({ label, id, tabs, active, onChange, className, wrap, children }: TabsProps<K>) {
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = tabs.findIndex((t) => t.key === active);
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
    // Up and Down too: wide screens may lay the list out vertically (the admin screen does).
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1, ArrowDown: 1, ArrowUp: -1 }[e.key];
    const to =
      e.key === 'Home' ? 0 : e.key === 'End' ? tabs.length - 1 : step ? (at + step + tabs.length) % tabs.length : -1;
    const next = tabs[to];
    if (!next) return;
    e.preventDefault();
    onChange(next.key);
    e.currentTarget.querySelector<HTMLButtonElement>(`#${id}-tab-${next.key}`)?.focus();
  };
  return (
    <div className={className}>
      {wrap && (
        <Select
          className="tabs__select"
          label={label}
          hideLabel
          value={active}
          options={tabs.map((t) => ({ value: t.key, label: t.label }))}
          onChange={(e) => onChange(e.target.value as K)}
        />
      )}
      <div
        className={`tabs ${wrap ? 'tabs--wrap' : 'tabs--scroll'}`}
        role="tablist"
        aria-label={label}
        onKeyDown={onKey}
      >
        {tabs.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            id={`${id}-tab-${t.key}`}
            aria-selected={active === t.key}
            aria-controls={`${id}-panel`}
            tabIndex={active === t.key ? 0 : -1}
            className="tabs__tab"
            onClick={() => onChange(t.key)}
            ref={active === t.key ? centreInList : undefined}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${active}`} className="tabs__panel">
        {children}
      </div>
    </div>
  );
}
