import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/ui/Dialog.tsx';
import { FormActions } from '@/ui/FormActions.tsx';
import { NameDialog } from '@/ui/NameDialog.tsx';
import { Select } from '@/ui/Select.tsx';
import { TextField } from '@/ui/TextField.tsx';

type Org = { id: number; name: string };

/** Names a new container and, when creating, chooses its organization; or renames one. */
export function ContainerNameDialog({
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
  const [org, setOrg] = useState(organizations?.[0]?.id);
  useEffect(() => {
    if (open) setOrg(organizations?.[0]?.id);
  }, [open, organizations]);
  return (
    <NameDialog
      open={open}
      title={title}
      nameLabel={nameLabel}
      initial={initial}
      onClose={onClose}
      onSubmit={(name) => onSubmit(name, org)}
    >
      {organizations && organizations.length > 1 && (
        <Select
          label={t('containers.organization')}
          value={String(org ?? '')}
          onChange={(e) => setOrg(Number(e.target.value))}
          options={organizations.map((o) => ({ value: String(o.id), label: o.name }))}
        />
      )}
    </NameDialog>
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
        <FormActions onCancel={onClose} submit={t('containers.import')} />
      </form>
    </Dialog>
  );
}
