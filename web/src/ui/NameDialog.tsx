import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './Dialog.tsx';
import { FormActions } from './FormActions.tsx';
import { TextField } from './TextField.tsx';

/**
 * Names something new or renames it. A blank name shows the blank-field text and sends nothing;
 * the dialog closes when `onSubmit` succeeds, and a failure (already toasted) keeps it open.
 * `children` are further fields, between the name and the buttons.
 */
export function NameDialog({
  open,
  title,
  nameLabel,
  initial,
  onClose,
  onSubmit,
  children,
}: {
  open: boolean;
  title: string;
  nameLabel: string;
  initial: string;
  onClose: () => void;
  onSubmit: (name: string) => Promise<unknown>;
  children?: ReactNode;
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
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError(t('validation.blank', { name: nameLabel }));
    setBusy(true);
    void onSubmit(name.trim())
      .then(onClose, () => {})
      .finally(() => setBusy(false));
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
        {children}
        <FormActions onCancel={onClose} submit={t('common.save')} disabled={busy} />
      </form>
    </Dialog>
  );
}
