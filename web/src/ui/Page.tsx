import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/useDocumentTitle.ts';

/**
 * A screen of the app: its title is the page's one heading and the document's title, with an
 * optional lead below it and actions beside it.
 */
export function Page({
  title,
  lead,
  actions,
  className,
  children,
}: {
  title: string;
  lead?: string;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <section aria-labelledby="page-title" className={className}>
      <div className="page__head">
        <h1 id="page-title" className="page__title">
          {title}
        </h1>
        {lead && <p className="page__lead muted">{lead}</p>}
        {actions}
      </div>
      {children}
    </section>
  );
}
