import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatQuantity, type NumberOptions } from '@/i18n/values.ts';
import './bidi.css';

/**
 * Right-to-left done properly (docs/architecture.md): user data keeps its own direction inside the
 * page's. These are the building blocks; VirtualTable puts every cell in a `Line` by itself.
 */

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/**
 * One line of user data (a name, an address, an alarm's text) in its own direction (dir="auto"),
 * cut with an ellipsis at its logical end: a Latin text in an Arabic page loses its tail, not its
 * head. It shrinks to its text, so its container still places it at the page's start or end.
 */
export function Line({
  children,
  className,
  title,
  worded,
}: {
  children: ReactNode;
  className?: string;
  title?: string;
  /** Worded in the reader's language (not data): the page's direction, which its first letter need not show. */
  worded?: boolean;
}) {
  return (
    <span dir={worded ? undefined : 'auto'} className={cx('line', className)} title={title}>
      {children}
    </span>
  );
}

/**
 * A measured value with its unit as one left-to-right run with a real minus sign: "−75 dBm" reads the
 * same in every language. `value` may be missing ("–").
 */
export function Value({
  value,
  unit,
  className,
  ...options
}: { value: number | null | undefined; unit?: string; className?: string } & NumberOptions) {
  const { i18n } = useTranslation();
  return (
    <bdi dir="ltr" className={cx('value', className)}>
      {formatQuantity(i18n.language, value, unit, options)}
    </bdi>
  );
}

/** A text that always reads left to right whatever it contains: a serial ("#X3-D00200"), a code, an e-mail address. */
export function Ltr({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <bdi dir="ltr" className={className}>
      {children}
    </bdi>
  );
}
