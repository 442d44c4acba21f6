import './lists.css';
import { type AccessLevel, type AdminProfile, accessLevels } from '@fieldwatch/core';
import { KeyRound, Pencil, ShieldOff, UserMinus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '@/stores/user.ts';
import { IconButton } from '@/ui/Button.tsx';
import { ConfirmDialog } from '@/ui/ConfirmDialog.tsx';
import { Select } from '@/ui/Select.tsx';
import { Loaded, Section, UserAvatar } from '../AdminParts.tsx';
import { adminApi, adminKeys, useAdminChange, useProfiles, useSettings } from '../adminApi.ts';
import type { TabProps } from './TabPanel.tsx';
import { PasswordDialog, ProfileDialog } from './UserDialogs.tsx';

type Open = { kind: 'profile' | 'password' | 'twoFactor' | 'remove'; user: AdminProfile } | null;

/**
 * User management: per user and organization, the role there, the profile and avatar, a new
 * password, a reset of their two-factor sign-in, or removal from the organization. Your own row stays read-only: nobody changes
 * their own role (the server refuses with 409 as well).
 */
export function UserManagementTab({ org, orgs }: TabProps) {
  const { t } = useTranslation();
  const profiles = useProfiles(org.id);
  const settings = useSettings(org.id);
  const me = useUserStore((s) => s.accessResponse?.Username ?? s.profile?.username);
  const [open, setOpen] = useState<Open>(null);
  const orgName = (id: number) => orgs.find((o) => o.id === id)?.name ?? '';
  const refresh = [adminKeys.all];
  const setRole = useAdminChange(
    (v: { user: AdminProfile; roleId: AccessLevel }) =>
      adminApi.setRole(v.user.username, v.user.organizationId, v.roleId),
    {
      refresh,
      done: (_, v) =>
        t('admin.manage.roleSet', {
          name: v.user.name || v.user.username,
          role: t(`roles.${v.roleId}`),
          org: orgName(v.user.organizationId),
        }),
    },
  );
  const remove = useAdminChange((u: AdminProfile) => adminApi.removeRole(u.username, u.organizationId), {
    refresh,
    done: (_, u) => t('admin.manage.removed', { name: u.name || u.username, org: orgName(u.organizationId) }),
  });
  const resetTwoFactor = useAdminChange((u: AdminProfile) => adminApi.resetTwoFactor(u.username), {
    refresh,
    done: () => t('twoFactor.admin.resetDone'),
  });
  const close = () => setOpen(null);
  const roleOptions = accessLevels.map((l) => ({ value: String(l), label: t(`roles.${l}`) }));

  return (
    <Section title={t('admin.manage.title')} description={t('admin.manage.text')}>
      <Loaded query={profiles} lines={8}>
        {(list) => (
          <ul className="admin-people">
            {[...list]
              .sort(
                (a, b) =>
                  a.name.localeCompare(b.name) || orgName(a.organizationId).localeCompare(orgName(b.organizationId)),
              )
              .map((u) => {
                const self = u.username === me;
                const who = u.name || u.username;
                return (
                  <li key={`${u.username}-${u.organizationId}`} className="admin-people__row">
                    <span className="admin-person">
                      <UserAvatar name={who} src={u.avatar} size={36} />
                      <span className="admin-person__text">
                        <span className="admin-person__name">
                          {who} {self && <span className="admin-tag">{t('admin.manage.you')}</span>}
                        </span>
                        <span className="admin-person__sub">
                          {u.username} · {orgName(u.organizationId)}
                        </span>
                      </span>
                    </span>
                    <Select
                      className="admin-people__role"
                      hideLabel
                      label={t('admin.manage.roleOf', { name: who, org: orgName(u.organizationId) })}
                      value={String(u.roleId)}
                      disabled={self || setRole.isPending}
                      options={roleOptions}
                      onChange={(e) => setRole.mutate({ user: u, roleId: Number(e.target.value) as AccessLevel })}
                    />
                    <span className="admin-people__actions">
                      <IconButton
                        label={t('admin.manage.editProfile', { name: who })}
                        disabled={self}
                        onClick={() => setOpen({ kind: 'profile', user: u })}
                      >
                        <Pencil size={16} aria-hidden />
                      </IconButton>
                      <IconButton
                        label={t('admin.manage.setPassword', { name: who })}
                        disabled={self}
                        onClick={() => setOpen({ kind: 'password', user: u })}
                      >
                        <KeyRound size={16} aria-hidden />
                      </IconButton>
                      <IconButton
                        label={`${t('twoFactor.admin.reset')}: ${who}`}
                        disabled={self}
                        onClick={() => setOpen({ kind: 'twoFactor', user: u })}
                      >
                        <ShieldOff size={16} aria-hidden />
                      </IconButton>
                      <IconButton
                        label={t('admin.manage.remove', { name: who, org: orgName(u.organizationId) })}
                        className="admin-danger-icon"
                        disabled={self}
                        onClick={() => setOpen({ kind: 'remove', user: u })}
                      >
                        <UserMinus size={16} aria-hidden />
                      </IconButton>
                    </span>
                  </li>
                );
              })}
          </ul>
        )}
      </Loaded>
      {open?.kind === 'profile' && <ProfileDialog user={open.user} onClose={close} />}
      {open?.kind === 'password' && (
        <PasswordDialog user={open.user} minLength={settings.data?.passwordMinLength} onClose={close} />
      )}
      <ConfirmDialog
        open={open?.kind === 'twoFactor'}
        title={t('twoFactor.admin.resetTitle', { name: open?.user.name || open?.user.username })}
        text={t('twoFactor.admin.resetText')}
        confirmLabel={t('twoFactor.admin.reset')}
        onClose={close}
        onConfirm={() => (open ? resetTwoFactor.mutateAsync(open.user) : Promise.resolve())}
      />
      <ConfirmDialog
        open={open?.kind === 'remove'}
        title={t('admin.manage.removeTitle', {
          name: open?.user.name || open?.user.username,
          org: orgName(open?.user.organizationId ?? 0),
        })}
        text={t('admin.manage.removeText')}
        confirmLabel={t('admin.manage.removeConfirm')}
        onClose={close}
        onConfirm={() => (open ? remove.mutateAsync(open.user) : Promise.resolve())}
      />
    </Section>
  );
}
