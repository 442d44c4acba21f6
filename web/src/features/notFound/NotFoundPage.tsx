import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/lib/useDocumentTitle.ts';
import { EmptyState } from '@/ui/EmptyState.tsx';

/** An address the product does not have: say so, and offer the way home. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const title = t('pages.notFound');
  useDocumentTitle(title);
  return (
    <section aria-labelledby="page-title">
      <div className="page__head">
        <h1 id="page-title" className="page__title">
          {title}
        </h1>
      </div>
      <div className="card">
        <EmptyState icon={<SearchX size={26} />} title={title}>
          <p>{t('empty.notFound')}</p>
          <Link to="/dashboard/default">{t('empty.backHome')}</Link>
        </EmptyState>
      </div>
    </section>
  );
}
