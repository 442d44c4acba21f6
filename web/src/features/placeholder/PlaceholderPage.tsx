import { SearchX, Settings, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';

const icons = {
  admin: Settings,
  profile: UserRound,
  notFound: SearchX,
};
export type PlaceholderPageName = keyof typeof icons;

/** A screen whose content a later issue builds: its title and an empty state saying what will be here. */
export function PlaceholderPage() {
  const { t } = useTranslation();
  const page = (useMatches().at(-1)?.handle as { page?: PlaceholderPageName } | undefined)?.page ?? 'notFound';
  const title = t(`pages.${page}`);
  useDocumentTitle(title);
  const Icon = icons[page];
  return (
    <section aria-labelledby="page-title">
      <div className="page__head">
        <h1 id="page-title" className="page__title">
          {title}
        </h1>
      </div>
      <div className="card">
        <EmptyState icon={<Icon size={26} />} title={page === 'notFound' ? title : t('empty.title')}>
          <p>{t(`empty.${page}`)}</p>
          {page === 'notFound' && <Link to="/dashboard/default">{t('empty.backHome')}</Link>}
        </EmptyState>
      </div>
    </section>
  );
}
