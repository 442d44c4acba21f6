import type { ReactNode } from 'react';

/**
 * A box that scrolls (a wide table on a phone, a long log): named and in the tab order, so a keyboard
 * user can reach it and scroll it with the arrow keys (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function ScrollRegion({
  id,
  className,
  label,
  labelledBy,
  children,
}: {
  id?: string;
  className: string;
  label?: string;
  labelledBy?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard.
    <section id={id} className={className} aria-label={label} aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </section>
  );
}
