import './containers.css';
import { useTranslation } from 'react-i18next';
import { Page } from '@/ui/Page.tsx';
import { ContainerBoard } from './ContainerBoard.tsx';

function ContainerPage({ type }: { type: 'groups' | 'locations' }) {
  const { t } = useTranslation();
  return (
    <Page
      title={t(type === 'groups' ? 'pages.groupmanagement' : 'pages.locationmanagement')}
      lead={t(`containers.${type}.lead`)}
    >
      <ContainerBoard type={type} />
    </Page>
  );
}

/** /groupmanagement: groups hold units and whole locations. */
export const GroupManagementPage = () => <ContainerPage type="groups" />;
/** /locationmanagement: locations hold units, each unit in one place. */
export const LocationManagementPage = () => <ContainerPage type="locations" />;
