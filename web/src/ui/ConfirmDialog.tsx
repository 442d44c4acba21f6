import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './Dialog.tsx';
import { FormActions } from './FormActions.tsx';
import { TextField } from './TextField.tsx';

/**
 * Confirms a destructive change (STYLE.md). With `typed`, the user must type that text (an
 * organization's name) before the button wakes. A failed change keeps the dialog open.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  typed,
  danger = true,
  onClose,
  onConfirm,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  typed?: string;
  danger?: boolean;
  onClose: () => void;
  onConfirm: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [entry, setEntry] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) setEntry('');
  }, [open]);
  const ready = typed === undefined || entry.trim() === typed;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } catch {
      // The change already said what failed (a toast); the dialog stays for another try.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title={title} description={text}>
      <form className="dialog__form" onSubmit={submit} noValidate>
        {typed !== undefined && (
          <TextField
            label={t('common.typeToConfirm', { name: typed })}
            value={entry}
            autoComplete="off"
            autoFocus
            onChange={(e) => setEntry(e.target.value)}
          />
        )}
        <FormActions onCancel={onClose} submit={confirmLabel} disabled={!ready || busy} danger={danger} />
      </form>
    </Dialog>
  );
}
