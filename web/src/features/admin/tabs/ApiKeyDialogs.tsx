import { API_KEY_SCOPES, type ApiKeyCreated, type ApiKeyScope } from '@fieldwatch/core';
import { TriangleAlert } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { CopyButton } from '../AdminParts.tsx';
import { adminApi, adminKeys, useAdminChange } from '../adminApi.ts';

/** A new key: its name and what it may do. Reading is always included; writing is a choice. */
export function NewKeyDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (key: ApiKeyCreated) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [write, setWrite] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setName('');
      setWrite(false);
      setError(null);
    }
  }, [open]);
  const create = useAdminChange(
    (v: { name: string; scopes: ApiKeyScope[] }) => adminApi.createApiKey(v.name, v.scopes),
    {
      refresh: [adminKeys.apiKeys],
    },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const label = t('admin.api.name');
    if (!name.trim()) return setError(t('validation.blank', { name: label }));
    const scopes = API_KEY_SCOPES.filter((s) => s === 'read' || write);
    create.mutateAsync({ name: name.trim(), scopes }).then(
      (key) => {
        onClose();
        onCreated(key);
      },
      () => {},
    );
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title={t('admin.api.createTitle')}>
      <form className="admin-form" onSubmit={submit} noValidate>
        <TextField
          label={t('admin.api.name')}
          value={name}
          maxLength={100}
          placeholder={t('admin.api.namePlaceholder')}
          autoFocus
          error={error}
          onChange={(e) => setName(e.target.value)}
        />
        <fieldset className="admin-choice">
          <legend className="field__label">{t('admin.api.scopes')}</legend>
          <label className="admin-check">
            <input type="checkbox" checked disabled />
            <span>
              {t('admin.api.scope.read')}
              <span className="admin-check__help">{t('admin.api.scopeHelp.read')}</span>
            </span>
          </label>
          <label className="admin-check">
            <input type="checkbox" checked={write} onChange={(e) => setWrite(e.target.checked)} />
            <span>
              {t('admin.api.scope.write')}
              <span className="admin-check__help">{t('admin.api.scopeHelp.write')}</span>
            </span>
          </label>
        </fieldset>
        <div className="dialog__actions">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="primary" disabled={create.isPending}>
            {t('admin.api.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The key, once: copy it now, for it cannot be shown again; and how to use it. */
export function CreatedKeyDialog({ created, onClose }: { created: ApiKeyCreated; onClose: () => void }) {
  const { t } = useTranslation();
  const curl = `curl -H "Authorization: Bearer ${created.key}" ${window.location.origin}/api/v1/device`;
  return (
    <Dialog
      open
      wide
      onOpenChange={(o) => !o && onClose()}
      title={t('admin.api.createdTitle', { name: created.name })}
      actions={
        <Button variant="primary" onClick={onClose}>
          {t('admin.api.done')}
        </Button>
      }
    >
      <p className="admin-note admin-note--warning" role="alert">
        <TriangleAlert size={16} aria-hidden />
        <span>{t('admin.api.once')}</span>
      </p>
      <Secret label={t('admin.api.yourKey')} value={created.key} copyLabel={t('admin.api.copyKey')} />
      <Secret label={t('admin.api.example')} value={curl} copyLabel={t('admin.api.copyExample')} lines={3} />
    </Dialog>
  );
}

/** A read-only text to copy: selectable, labelled, with its copy button. */
function Secret({
  label,
  value,
  copyLabel,
  lines,
}: {
  label: string;
  value: string;
  copyLabel: string;
  lines?: number;
}) {
  const id = useId();
  const select = (e: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => e.currentTarget.select();
  return (
    <div className="admin-secret">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="admin-secret__row">
        {lines ? (
          <textarea
            id={id}
            className="admin-secret__value admin-secret__value--wrap"
            rows={lines}
            value={value}
            readOnly
            onFocus={select}
          />
        ) : (
          <input id={id} className="admin-secret__value" value={value} readOnly spellCheck={false} onFocus={select} />
        )}
        <CopyButton text={value} label={copyLabel} />
      </div>
    </div>
  );
}
