import type { AdminOrganization } from '@fieldwatch/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/ui/Dialog.tsx';
import { FormActions } from '@/ui/FormActions.tsx';
import { Select } from '@/ui/Select.tsx';
import { moveTargets, orgOptions } from '../orgTree.ts';

/** Closes on success; a failure was already toasted and keeps the dialog open. */
const settle = (p: Promise<unknown>, close: () => void) => p.then(close, () => {});

/** Moves an organization (and everything below it) under another parent; never under itself. */
export function MoveDialog({
  org,
  orgs,
  onClose,
  onSubmit,
}: {
  org: AdminOrganization;
  orgs: readonly AdminOrganization[];
  onClose: () => void;
  onSubmit: (parent: number) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const targets = moveTargets(orgs, org.id);
  const options = orgOptions(orgs).filter((o) => targets.some((x) => String(x.id) === o.value));
  const [parent, setParent] = useState(options[0]?.value ?? '');
  const [busy, setBusy] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!parent) return;
    setBusy(true);
    void settle(onSubmit(Number(parent)), onClose).finally(() => setBusy(false));
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('admin.accounts.moveTitle', { name: org.name })}
      description={t('admin.accounts.moveText')}
    >
      <form className="admin-form" onSubmit={submit} noValidate>
        {options.length > 0 ? (
          <Select
            label={t('admin.accounts.newParent')}
            value={parent}
            onChange={(e) => setParent(e.target.value)}
            options={options}
          />
        ) : (
          <p className="muted">{t('admin.accounts.nowhere')}</p>
        )}
        <FormActions onCancel={onClose} submit={t('admin.accounts.moveHere')} disabled={busy || !parent} />
      </form>
    </Dialog>
  );
}
