import './profile.css';
import { UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/ui/Button.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { Page } from '@/ui/Page.tsx';
import { Skeleton } from '@/ui/Skeleton.tsx';
import { Tabs } from '@/ui/Tabs.tsx';
import { NotificationsTab } from './NotificationsTab.tsx';
import { PasswordTab } from './PasswordTab.tsx';
import { PersonalTab } from './PersonalTab.tsx';
import { PreferencesTab } from './PreferencesTab.tsx';
import { useProfile } from './profileApi.ts';
import { SessionsTab } from './SessionsTab.tsx';

/** The profile tabs, in order. */
const TABS = ['personal', 'password', 'preferences', 'notifications', 'sessions'] as const;
type ProfileTab = (typeof TABS)[number];
const isTab = (v: string | null): v is ProfileTab => TABS.includes(v as ProfileTab);

/** My profile (/profile): five tabs, the chosen one in the address (?tab=) so a link or reload keeps it. */
export function ProfilePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const param = params.get('tab');
  const tab: ProfileTab = isTab(param) ? param : 'personal';
  const profile = useProfile();

  const panel = () => {
    // Password and sessions need nothing of the profile; the other tabs wait for it.
    if (tab === 'password') return <PasswordTab />;
    if (tab === 'sessions') return <SessionsTab />;
    if (profile.isError)
      return (
        <div className="profile-panel card">
          <EmptyState icon={<UserRound size={26} />} title={t('profile.loadFailed')}>
            <p>{profile.error.message}</p>
            <Button onClick={() => void profile.refetch()}>{t('common.retry')}</Button>
          </EmptyState>
        </div>
      );
    if (!profile.data)
      return (
        <div className="profile-panel card" aria-busy="true">
          <Skeleton lines={8} />
        </div>
      );
    if (tab === 'preferences') return <PreferencesTab profile={profile.data} />;
    if (tab === 'notifications') return <NotificationsTab profile={profile.data} />;
    return <PersonalTab profile={profile.data} />;
  };

  return (
    <Page title={t('pages.profile')} className="profile-page">
      <Tabs
        label={t('profile.tabsLabel')}
        id="profile"
        tabs={TABS.map((key) => ({ key, label: t(`profile.tabs.${key}`) }))}
        active={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
      >
        {panel()}
      </Tabs>
    </Page>
  );
}
