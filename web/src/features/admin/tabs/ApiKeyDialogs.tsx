import {
  API_KEY_SCOPES,
  type ApiKeyCreated,
  type ApiKeyScope,
  type ValidationError,
  validateBlank,
} from '@fieldwatch/core';
import { TriangleAlert } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentPasswordProblem } from '@/lib/passwordErrors.ts';
import { useUserStore } from '@/stores/user.ts';
import { Button } from '@/ui/Button.tsx';
import { Dialog } from '@/ui/Dialog.tsx';
import { FormActions } from '@/ui/FormActions.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { CopyButton } from '../AdminParts.tsx';
import { adminApi, adminKeys, useAdminChange } from '../adminApi.ts';

/**
 * A new key: its name and what it may do, and the current password (a key acts for its owner without
 * one). Reading is always included; writing is a choice.
 */
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
  const username = useUserStore((s) => s.profile?.username ?? '');
  const [name, setName] = useState('');
  const [write, setWrite] = useState(false);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ name?: ValidationError; password?: ValidationError }>({});
  useEffect(() => {
    if (open) {
      setName('');
      setWrite(false);
      setPassword('');
      setErrors({});
    }
  }, [open]);
  const create = useAdminChange(
    (v: { name: string; scopes: ApiKeyScope[]; currentPassword: string }) =>
      adminApi.createApiKey(v.name, v.scopes, v.currentPassword),
    { refresh: [adminKeys.apiKeys], shown: (e) => currentPasswordProblem(e) !== null },
  );
  const labels = { name: t('admin.api.name'), password: t('profile.password.current') };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const blankName = validateBlank(name, labels.name);
    const blankPassword = validateBlank(password, labels.password);
    const found = { ...(blankName && { name: blankName }), ...(blankPassword && { password: blankPassword }) };
    setErrors(found);
    if (blankName || blankPassword) return;
    const scopes = API_KEY_SCOPES.filter((s) => s === 'read' || write);
    create.mutateAsync({ name: name.trim(), scopes, currentPassword: password }).then(
      (key) => {
        onClose();
        onCreated(key);
      },
      (failure: unknown) => {
        // A wrong password, or too many guesses, is said on the password field; the rest was toasted.
        const problem = currentPasswordProblem(failure);
        if (problem) setErrors({ password: problem });
      },
    );
  };
  const message = (error?: ValidationError) => error && t(error.key, error.params);
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title={t('admin.api.createTitle')}>
      <form className="admin-form" onSubmit={submit} noValidate>
        {/* The username lets password managers offer the right account's password. */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <TextField
          label={labels.name}
          value={name}
          maxLength={100}
          placeholder={t('admin.api.namePlaceholder')}
          autoFocus
          error={message(errors.name)}
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
        <TextField
          label={labels.password}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={password}
          maxLength={1024}
          help={t('admin.api.currentPasswordHelp')}
          error={message(errors.password)}
          onChange={(e) => setPassword(e.target.value)}
        />
        <FormActions onCancel={onClose} submit={t('admin.api.create')} disabled={create.isPending} />
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
