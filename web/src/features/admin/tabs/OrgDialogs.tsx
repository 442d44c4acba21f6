import type { AdminOrganization } from '@fieldwatch/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/ui/Button.tsx';
import { Dialog } from '@/ui/Dialog.tsx';
import { Select } from '@/ui/Select.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { moveTargets, orgOptions } from '../orgTree.ts';

/** Closes on success; a failure was already toasted and keeps the dialog open. */
const settle = (p: Promise<unknown>, close: () => void) => p.then(close, () => {});

/** Names a new child organization or renames one; a blank name shows the required-name text. */
export function OrgNameDialog({
  open,
  title,
  initial,
  onClose,
  onSubmit,
}: {
  open: boolean;
  title: string;
  initial: string;
  onClose: () => void;
  onSubmit: (name: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setName(initial);
      setError(null);
    }
  }, [open, initial]);
  const label = t('admin.accounts.name');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError(t('validation.blank', { name: label }));
    setBusy(true);
    void settle(onSubmit(name.trim()), onClose).finally(() => setBusy(false));
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title={title}>
      <form className="admin-form" onSubmit={submit} noValidate>
        <TextField
          label={label}
          value={name}
          maxLength={100}
          error={error}
          autoFocus
          onChange={(e) => setName(e.target.value)}
        />
        <div className="dialog__actions">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="primary" disabled={busy}>
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

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
        <div className="dialog__actions">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="primary" disabled={busy || !parent}>
            {t('admin.accounts.moveHere')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
