import { CircleAlert } from 'lucide-react';
import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

type Props = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | null;
  help?: string;
  adornment?: ReactNode;
};

/** Label above, help or the validation text below, linked for screen readers. */
export function TextField({ label, error, help, adornment, id, ...rest }: Props) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const noteId = `${inputId}-note`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="field__control">
        <input
          id={inputId}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error || help ? noteId : undefined}
          {...rest}
        />
        {adornment && <span className="field__adornment">{adornment}</span>}
      </div>
      {error ? (
        <span id={noteId} className="field__error" role="alert">
          <CircleAlert size={14} aria-hidden /> {error}
        </span>
      ) : (
        help && (
          <span id={noteId} className="field__help">
            {help}
          </span>
        )
      )}
    </div>
  );
}
