import './containers.css';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/useDocumentTitle.ts';
import { ContainerBoard } from './ContainerBoard.tsx';

function ContainerPage({ type }: { type: 'groups' | 'locations' }) {
  const { t } = useTranslation();
  const title = t(type === 'groups' ? 'pages.groupmanagement' : 'pages.locationmanagement');
  useDocumentTitle(title);
  return (
    <section aria-labelledby="page-title">
      <div className="page__head">
        <h1 id="page-title" className="page__title">
          {title}
        </h1>
        <p className="page__lead muted">{t(`containers.${type}.lead`)}</p>
      </div>
      <ContainerBoard type={type} />
    </section>
  );
}

/** /groupmanagement: groups hold units and whole locations. */
export const GroupManagementPage = () => <ContainerPage type="groups" />;
/** /locationmanagement: locations hold units, each unit in one place. */
export const LocationManagementPage = () => <ContainerPage type="locations" />;
