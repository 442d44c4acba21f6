import type { ButtonHTMLAttributes, ReactNode } from 'react';

/** A toggle chip (filters, ranges): pressed state is announced. */
export function Chip({
  pressed,
  children,
  className,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { pressed: boolean; children: ReactNode }) {
  return (
    <button type="button" aria-pressed={pressed} className={['chip', className].filter(Boolean).join(' ')} {...rest}>
      {children}
    </button>
  );
}
