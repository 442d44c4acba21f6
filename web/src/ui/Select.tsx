import { type SelectHTMLAttributes, useId } from 'react';

type Props = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  options: { value: string; label: string; disabled?: boolean }[];
  hideLabel?: boolean;
};

/** A native select (best on phones), labelled above like every field. */
export function Select({ label, options, hideLabel, id, className, ...rest }: Props) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className={hideLabel ? 'visually-hidden' : 'field__label'} htmlFor={selectId}>
        {label}
      </label>
      <select id={selectId} className="field__input field__select" {...rest}>
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
