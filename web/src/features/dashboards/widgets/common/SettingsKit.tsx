import { type ReactNode, useId } from 'react';
import './settings.css';

/** The parts every widget settings form is built from: groups, checkboxes, check lists and choices. */

/** A titled group of fields (a fieldset with its legend), with optional help below. */
export function SettingsGroup({ legend, help, children }: { legend: string; help?: string; children: ReactNode }) {
  return (
    <fieldset className="settings-group">
      <legend>{legend}</legend>
      {children}
      {help && <p className="settings-help">{help}</p>}
    </fieldset>
  );
}

/** One checkbox with its label. */
export function Check({
  label,
  checked,
  onChange,
  disabled,
  hint,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  hint?: ReactNode;
}) {
  return (
    <label className="settings-check" data-disabled={disabled || undefined}>
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      <span className="settings-check__label">{label}</span>
      {hint !== undefined && <span className="settings-check__hint">{hint}</span>}
    </label>
  );
}

/** Checkboxes for a set of values, in columns where there is room; `min` keeps at least that many ticked. */
export function CheckList<T extends string | number>({
  options,
  value,
  onChange,
  min = 0,
  columns,
}: {
  options: readonly { value: T; label: ReactNode; hint?: ReactNode }[];
  value: readonly T[];
  onChange: (next: T[]) => void;
  min?: number;
  columns?: boolean;
}) {
  const set = new Set(value);
  const toggle = (v: T, on: boolean) => {
    const next = new Set(set);
    if (on) next.add(v);
    else next.delete(v);
    onChange(options.map((o) => o.value).filter((x) => next.has(x)));
  };
  return (
    <div className={columns ? 'settings-list settings-list--columns' : 'settings-list'}>
      {options.map((o) => {
        const on = set.has(o.value);
        return (
          <Check
            key={o.value}
            label={o.label}
            hint={o.hint}
            checked={on}
            disabled={on && set.size <= min}
            onChange={(c) => toggle(o.value, c)}
          />
        );
      })}
    </div>
  );
}

/** Radio buttons for one of a few values. */
export function Choice<T extends string | number>({
  options,
  value,
  onChange,
}: {
  options: readonly { value: T; label: ReactNode }[];
  value: T;
  onChange: (next: T) => void;
}) {
  const name = useId();
  return (
    <div className="settings-list" role="radiogroup">
      {options.map((o) => (
        <label key={o.value} className="settings-check">
          <input type="radio" name={name} checked={o.value === value} onChange={() => onChange(o.value)} />
          <span className="settings-check__label">{o.label}</span>
        </label>
      ))}
    </div>
  );
}
