import './admin.css';
import './forms.css';
import { isAdministrator, isPlatformAdministrator } from '@fieldwatch/core';
import { ShieldOff } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/lib/useDocumentTitle.ts';
import { useUserStore } from '@/stores/user.ts';
import { Button } from '@/ui/Button.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { Select } from '@/ui/Select.tsx';
import { Skeleton } from '@/ui/Skeleton.tsx';
import { Tabs } from '@/ui/Tabs.tsx';
import { isRefused, useOrganizations } from './adminApi.ts';
import { buildOrgTree, flattenTree, orgOptions } from './orgTree.ts';
import { ADMIN_TABS, type AdminTab, PLATFORM_TABS } from './tabs/adminTabs.ts';
import { TabPanel } from './tabs/TabPanel.tsx';

/**
 * Administration (/admin): an organization chosen at the top and the 11 tabs for it.
 * Tab and organization live in the address (?tab=&org=), so a link or a reload shows the same.
 */
export function AdminPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.admin'));
  const access = useUserStore((s) => s.accessResponse);
  const administers = access !== null && isAdministrator(access);
  // The platform's own tabs (errors) only for its administrator; the server refuses anyone else too.
  const tabs: readonly AdminTab[] =
    access !== null && isPlatformAdministrator(access) ? [...ADMIN_TABS, ...PLATFORM_TABS] : ADMIN_TABS;
  const orgs = useOrganizations(administers);
  const [params, setParams] = useSearchParams();
  const ordered = useMemo(() => flattenTree(buildOrgTree(orgs.data ?? [])), [orgs.data]);
  const tabParam = params.get('tab');
  const tab: AdminTab = tabs.find((k) => k === tabParam) ?? 'general';
  const org = ordered.find((o) => o.id === Number(params.get('org'))) ?? ordered[0];
  // The platform's tabs concern every organization: no organization to choose there.
  const platformTab = (PLATFORM_TABS as readonly string[]).includes(tab);
  const go = (next: { tab?: AdminTab; org?: number }) =>
    setParams({ tab: next.tab ?? tab, org: String(next.org ?? org?.id ?? '') }, { replace: true });

  const head = (picker?: React.ReactNode) => (
    <div className="page__head admin-head">
      <div>
        <h1 id="page-title" className="page__title">
          {t('pages.admin')}
        </h1>
        <p className="muted admin-head__lead">{t('admin.lead')}</p>
      </div>
      {picker}
    </div>
  );

  if (!administers || isRefused(orgs.error) || (orgs.data && orgs.data.length === 0))
    return (
      <section aria-labelledby="page-title" className="admin-page">
        {head()}
        <div className="card">
          <EmptyState icon={<ShieldOff size={26} />} title={t('admin.none.title')}>
            <p>{t('admin.none.text')}</p>
          </EmptyState>
        </div>
      </section>
    );

  return (
    <section aria-labelledby="page-title" className="admin-page">
      {head(
        platformTab ? undefined : orgs.data && ordered.length > 1 && org ? (
          <Select
            className="admin-head__picker"
            label={t('admin.organization')}
            value={String(org.id)}
            onChange={(e) => go({ org: Number(e.target.value) })}
            options={orgOptions(orgs.data)}
          />
        ) : org ? (
          <p className="admin-head__org">{org.name}</p>
        ) : undefined,
      )}
      {orgs.isError ? (
        <div className="card">
          <EmptyState icon={<ShieldOff size={26} />} title={t('admin.loadFailed', { message: orgs.error.message })}>
            <Button onClick={() => void orgs.refetch()}>{t('common.retry')}</Button>
          </EmptyState>
        </div>
      ) : !org || !orgs.data ? (
        <div className="card admin-loading" aria-busy="true">
          <Skeleton lines={8} />
        </div>
      ) : (
        <Tabs
          label={t('admin.tabsLabel')}
          id="admin"
          className="admin-tabs"
          tabs={tabs.map((key) => ({ key, label: t(`admin.tabs.${key}`) }))}
          active={tab}
          onChange={(key) => go({ tab: key })}
        >
          <TabPanel key={`${tab}-${org.id}`} tab={tab} org={org} orgs={orgs.data} />
        </Tabs>
      )}
    </section>
  );
}
