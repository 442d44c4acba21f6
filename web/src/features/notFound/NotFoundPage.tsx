import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { Page } from '@/ui/Page.tsx';

/** An address the product does not have: say so, and offer the way home. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const title = t('pages.notFound');
  return (
    <Page title={title}>
      <div className="card">
        <EmptyState icon={<SearchX size={26} />} title={title}>
          <p>{t('empty.notFound')}</p>
          <Link to="/dashboard/default">{t('empty.backHome')}</Link>
        </EmptyState>
      </div>
    </Page>
  );
}
