import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/ui/Button.tsx';
import { Dialog } from '@/ui/Dialog.tsx';
import { Select } from '@/ui/Select.tsx';
import { TextField } from '@/ui/TextField.tsx';

type Org = { id: number; name: string };

/**
 * Name a new container (and choose its organization) or rename one. A blank name shows the
 * blank-field text and sends nothing.
 */
export function NameDialog({
  open,
  title,
  nameLabel,
  initial,
  organizations,
  onClose,
  onSubmit,
}: {
  open: boolean;
  title: string;
  nameLabel: string;
  initial: string;
  /** Given when creating: where the container goes. */
  organizations?: Org[];
  onClose: () => void;
  onSubmit: (name: string, organization: number | undefined) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [org, setOrg] = useState(organizations?.[0]?.id);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setName(initial);
      setError(null);
      setOrg(organizations?.[0]?.id);
    }
  }, [open, initial, organizations]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError(t('validation.blank', { name: nameLabel }));
    setBusy(true);
    try {
      await onSubmit(name.trim(), org);
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title={title}>
      <form className="dialog__form" onSubmit={submit} noValidate>
        <TextField
          label={nameLabel}
          value={name}
          maxLength={100}
          error={error}
          autoFocus
          onChange={(e) => setName(e.target.value)}
        />
        {organizations && organizations.length > 1 && (
          <Select
            label={t('containers.organization')}
            value={String(org ?? '')}
            onChange={(e) => setOrg(Number(e.target.value))}
            options={organizations.map((o) => ({ value: String(o.id), label: o.name }))}
          />
        )}
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

/** Group import: a customer and the name of one of its groups; both are needed ('Missing parameters'). */
export function ImportDialog({
  open,
  organizations,
  groupNames,
  onClose,
  onSubmit,
}: {
  open: boolean;
  organizations: Org[];
  groupNames: (organization: number) => string[];
  onClose: () => void;
  onSubmit: (customerId: number, groupName: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [customer, setCustomer] = useState(organizations[0]?.id ?? 0);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const names = groupNames(customer);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError(t('validation.blank', { name: t('containers.groupName') }));
    setError(null);
    await onSubmit(customer, name.trim());
    onClose();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={t('containers.importTitle')}
      description={t('containers.importText')}
    >
      <form className="dialog__form" onSubmit={submit} noValidate>
        <Select
          label={t('containers.customer')}
          value={String(customer)}
          onChange={(e) => setCustomer(Number(e.target.value))}
          options={organizations.map((o) => ({ value: String(o.id), label: o.name }))}
        />
        <TextField
          label={t('containers.groupName')}
          value={name}
          list="import-group-names"
          error={error}
          onChange={(e) => setName(e.target.value)}
        />
        <datalist id="import-group-names">
          {names.map((n) => (
            <option key={n} value={n} />
          ))}
        </datalist>
        <div className="dialog__actions">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="primary">
            {t('containers.import')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
