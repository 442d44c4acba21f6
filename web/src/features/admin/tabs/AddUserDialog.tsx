import { AccessLevel, type AdminOrganization, accessLevels, type MailDelivery } from '@fieldwatch/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/ui/Dialog.tsx';
import { FormActions } from '@/ui/FormActions.tsx';
import { Select } from '@/ui/Select.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { useProblemText } from '../AdminParts.tsx';
import { adminApi, adminKeys, useAdminChange } from '../adminApi.ts';
import { type NewUser, newUserProblems } from '../adminForms.ts';
import { orgOptions } from '../orgTree.ts';

const EMPTY: NewUser = { username: '', name: '', email: '' };
/** The toast says where the invitation went: mailed, or only in the server log (no mail server). */
export const INVITED = { mail: 'admin.users.invited', log: 'admin.users.invitedToLog' } as const satisfies Record<
  MailDelivery,
  string
>;

/**
 * Adds a user to an organization (addUser). With an e-mail address the server sends an invitation
 * to set a password (by mail, or into its log when it has no mail server); without one, an
 * administrator sets it under Roles and passwords.
 */
export function AddUserDialog({
  open,
  org,
  orgs,
  onClose,
}: {
  open: boolean;
  org: AdminOrganization;
  orgs: readonly AdminOrganization[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const text = useProblemText();
  const [user, setUser] = useState(EMPTY);
  const [roleId, setRoleId] = useState<AccessLevel>(AccessLevel.Reader);
  const [organizationId, setOrganizationId] = useState(org.id);
  const [problems, setProblems] = useState<ReturnType<typeof newUserProblems>>({});
  useEffect(() => {
    if (!open) return;
    setUser(EMPTY);
    setRoleId(AccessLevel.Reader);
    setOrganizationId(org.id);
    setProblems({});
  }, [open, org.id]);
  const add = useAdminChange(adminApi.addUser, {
    refresh: [adminKeys.all],
    done: (r, v) => {
      const where = orgs.find((o) => o.id === v.organizationId)?.name ?? '';
      if (!r.created) return t('admin.users.roleGiven', { username: r.username, org: where });
      if (!r.delivery) return t('admin.users.created', { username: r.username });
      return t(INVITED[r.delivery], { username: r.username, email: v.email });
    },
  });
  const labels = {
    username: t('admin.users.username'),
    name: t('admin.users.fullName'),
    email: t('admin.users.email'),
  };
  const set = (k: keyof NewUser) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setUser((u) => ({ ...u, [k]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = newUserProblems(user, labels);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const email = user.email.trim();
    add
      .mutateAsync({
        username: user.username.trim(),
        name: user.name.trim(),
        organizationId,
        roleId,
        ...(email ? { email } : {}),
      })
      .then(onClose, () => {});
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title={t('admin.users.addTitle')}>
      <form className="admin-form" onSubmit={submit} noValidate>
        <TextField
          label={labels.username}
          value={user.username}
          maxLength={100}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          autoFocus
          error={text(problems.username)}
          onChange={set('username')}
        />
        <TextField
          label={labels.name}
          value={user.name}
          maxLength={200}
          autoComplete="off"
          error={text(problems.name)}
          onChange={set('name')}
        />
        <TextField
          label={t('admin.users.emailOptional')}
          type="email"
          value={user.email}
          maxLength={254}
          autoComplete="off"
          error={text(problems.email)}
          help={t('admin.users.emailHelp')}
          onChange={set('email')}
        />
        <div className="admin-form__pair">
          <Select
            label={t('admin.users.role')}
            value={String(roleId)}
            onChange={(e) => setRoleId(Number(e.target.value) as AccessLevel)}
            options={accessLevels.map((l) => ({ value: String(l), label: t(`roles.${l}`) }))}
          />
          <Select
            label={t('admin.users.organization')}
            value={String(organizationId)}
            onChange={(e) => setOrganizationId(Number(e.target.value))}
            options={orgOptions(orgs)}
          />
        </div>
        <FormActions onCancel={onClose} submit={t('admin.users.add')} disabled={add.isPending} />
      </form>
    </Dialog>
  );
}
