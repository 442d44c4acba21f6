import type { AdminProfile } from '@fieldwatch/core';
import { Search, UserPlus, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '@/lib/useDateFormat.ts';
import { Button } from '@/ui/Button.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { Loaded, Section, UserAvatar } from '../AdminParts.tsx';
import { useProfiles } from '../adminApi.ts';
import { AddUserDialog } from './AddUserDialog.tsx';
import { AdminTable } from './AdminTable.tsx';
import { JoinRequests } from './JoinRequests.tsx';
import type { TabProps } from './TabPanel.tsx';

/** Search is trimmed, case-insensitive and a substring match, over who and where. */
function matchesUser(p: AdminProfile, orgName: string, search: string) {
  const q = search.trim().toLowerCase();
  return !q || [p.name, p.username, p.userProfile.email, orgName].some((s) => s.toLowerCase().includes(q));
}

/** Users: the directory of the organization and those below it, with the "Add user" dialog. */
export function UsersTab({ org, orgs }: TabProps) {
  const { t } = useTranslation();
  const profiles = useProfiles(org.id);
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  return (
    <Section
      title={t('admin.users.title')}
      description={t('admin.users.text', { name: org.name })}
      actions={
        <Button variant="primary" icon={<UserPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
          {t('admin.users.add')}
        </Button>
      }
    >
      <JoinRequests />
      <div className="admin-toolbar">
        <TextField
          label={t('admin.users.search')}
          type="search"
          value={search}
          placeholder={t('admin.users.searchPlaceholder')}
          adornment={<Search size={16} aria-hidden />}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <Loaded query={profiles} lines={8}>
        {(list) => <Directory profiles={list} orgs={orgs} search={search} />}
      </Loaded>
      <AddUserDialog open={adding} org={org} orgs={orgs} onClose={() => setAdding(false)} />
    </Section>
  );
}

function Directory({ profiles, orgs, search }: { profiles: AdminProfile[]; orgs: TabProps['orgs']; search: string }) {
  const { t } = useTranslation();
  const when = useDateFormat();
  const rows = useMemo(() => {
    const names = new Map(orgs.map((o) => [o.id, o.name]));
    return profiles
      .map((p) => ({ ...p, orgName: names.get(p.organizationId) ?? '' }))
      .filter((p) => matchesUser(p, p.orgName, search))
      .sort((a, b) => a.name.localeCompare(b.name) || a.username.localeCompare(b.username));
  }, [profiles, orgs, search]);
  if (profiles.length === 0)
    return (
      <EmptyState icon={<Users size={26} />} title={t('admin.users.none')}>
        <p>{t('admin.users.noneText')}</p>
      </EmptyState>
    );
  return (
    <>
      <AdminTable
        caption={t('admin.users.title')}
        columns={['name', 'email', 'organization', 'role', 'lastLogin'].map((c) => t(`admin.users.${c}`))}
      >
        {rows.map((p) => (
          <tr key={`${p.username}-${p.organizationId}`}>
            <td className="admin-table__main">
              <span className="admin-person">
                <UserAvatar name={p.name || p.username} src={p.avatar} />
                <span className="admin-person__text">
                  <bdi className="admin-person__name">{p.name || p.username}</bdi>
                  <bdi className="admin-person__sub">{p.username}</bdi>
                </span>
              </span>
            </td>
            <td data-label={t('admin.users.email')}>
              {p.userProfile.email ? (
                <a href={`mailto:${p.userProfile.email}`} dir="ltr">
                  {p.userProfile.email}
                </a>
              ) : (
                <span className="muted">—</span>
              )}
            </td>
            <td data-label={t('admin.users.organization')}>
              <bdi>{p.orgName}</bdi>
            </td>
            <td data-label={t('admin.users.role')}>
              <span className={`admin-role admin-role--${p.roleId}`}>{t(`roles.${p.roleId}`)}</span>
            </td>
            <td data-label={t('admin.users.lastLogin')}>
              {p.lastSignIn ? (
                <time dateTime={p.lastSignIn}>{when.dateTime(p.lastSignIn)}</time>
              ) : (
                <span className="muted">{t('admin.users.never')}</span>
              )}
            </td>
          </tr>
        ))}
      </AdminTable>
      {rows.length === 0 && <p className="admin-table__empty muted">{t('admin.users.noMatch')}</p>}
      <p className="admin-count muted" aria-live="polite">
        {t('admin.users.count', { count: profiles.length, shown: rows.length, total: profiles.length })}
      </p>
    </>
  );
}
