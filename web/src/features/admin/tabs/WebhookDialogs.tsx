import {
  WEBHOOK_KINDS,
  type WebhookDeliveryKind,
  type WebhookEndpoint,
  type WebhookEndpointBody,
  type WebhookEndpointWithSecret,
  type WebhookKind,
  webhookUrlProblemOf,
  webhookUrlShapeProblem,
} from '@fieldwatch/core';
import { TriangleAlert } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/http.ts';
import { Button } from '@/ui/Button.tsx';
import { Dialog } from '@/ui/Dialog.tsx';
import { FormActions } from '@/ui/FormActions.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { CopyButton } from '../AdminParts.tsx';
import { useAdminChange } from '../adminApi.ts';
import { webhookKeys, webhooksApi } from '../webhooksApi.ts';

/** The i18n key of a delivery kind's name (`alarm.raised` → webhooks.kind.alarm_raised). */
export const kindKey = (kind: WebhookDeliveryKind) => `webhooks.kind.${kind.replace('.', '_')}`;

type Target = { organizationId: number; endpoint?: WebhookEndpoint };

/**
 * Adds an endpoint (its secret is shown next, once) or changes one: URL, description, the kinds it
 * receives, whether it is enabled. The server checks the URL again, including where its host name
 * points; a refusal is said on the URL field in the reader's language.
 */
export function EndpointDialog({
  open,
  target,
  onClose,
  onCreated,
}: {
  open: boolean;
  target: Target;
  onClose: () => void;
  onCreated: (created: WebhookEndpointWithSecret) => void;
}) {
  const { t } = useTranslation();
  const { organizationId, endpoint } = target;
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [kinds, setKinds] = useState<WebhookKind[]>([...WEBHOOK_KINDS]);
  const [enabled, setEnabled] = useState(true);
  const [errors, setErrors] = useState<{ url?: string; kinds?: string }>({});
  useEffect(() => {
    if (!open) return;
    setUrl(endpoint?.url ?? '');
    setDescription(endpoint?.description ?? '');
    setKinds(endpoint ? [...endpoint.kinds] : [...WEBHOOK_KINDS]);
    setEnabled(endpoint?.enabled ?? true);
    setErrors({});
  }, [open, endpoint]);
  const urlProblem = (e: unknown) => (e instanceof ApiError ? webhookUrlProblemOf(e.message) : undefined);
  const save = useAdminChange(
    (body: WebhookEndpointBody): Promise<WebhookEndpoint | WebhookEndpointWithSecret> =>
      endpoint ? webhooksApi.update(endpoint.id, body) : webhooksApi.create(organizationId, body),
    {
      refresh: [webhookKeys.list(organizationId)],
      done: () => (endpoint ? t('webhooks.saved') : undefined),
      shown: (e) => urlProblem(e) !== undefined,
    },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The shape only; whether the host may be reached is the server's to say.
    const shape = url.trim() === '' ? 'invalid' : webhookUrlShapeProblem(url.trim(), true);
    const found = {
      ...(shape && { url: t(`webhooks.urlProblem.${shape}`) }),
      ...(kinds.length === 0 && { kinds: t('webhooks.kindsRequired') }),
    };
    setErrors(found);
    if (found.url || found.kinds) return;
    const ordered = WEBHOOK_KINDS.filter((k) => kinds.includes(k));
    save.mutateAsync({ url: url.trim(), description: description.trim(), kinds: ordered, enabled }).then(
      (result) => {
        onClose();
        if ('secret' in result) onCreated(result);
      },
      (failure: unknown) => {
        const problem = urlProblem(failure);
        if (problem) setErrors({ url: t(`webhooks.urlProblem.${problem}`) });
      },
    );
  };
  const toggle = (kind: WebhookKind, on: boolean) =>
    setKinds((list) => (on ? [...list, kind] : list.filter((k) => k !== kind)));
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={t(endpoint ? 'webhooks.editTitle' : 'webhooks.addTitle')}
    >
      <form className="admin-form" onSubmit={submit} noValidate>
        <TextField
          label={t('webhooks.url')}
          type="url"
          inputMode="url"
          dir="ltr"
          value={url}
          maxLength={2048}
          placeholder="https://"
          autoFocus
          help={t('webhooks.urlHelp')}
          error={errors.url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <TextField
          label={t('webhooks.description')}
          value={description}
          maxLength={200}
          placeholder={t('webhooks.descriptionPlaceholder')}
          onChange={(e) => setDescription(e.target.value)}
        />
        <fieldset className="admin-choice" aria-describedby={errors.kinds ? 'webhook-kinds-error' : undefined}>
          <legend className="field__label">{t('webhooks.kindsLabel')}</legend>
          {WEBHOOK_KINDS.map((kind) => (
            <label key={kind} className="admin-check">
              <input type="checkbox" checked={kinds.includes(kind)} onChange={(e) => toggle(kind, e.target.checked)} />
              <span>
                {t(kindKey(kind))}
                <span className="admin-check__help">{t(`webhooks.kindHelp.${kind.replace('.', '_')}`)}</span>
              </span>
            </label>
          ))}
          {errors.kinds && (
            <span id="webhook-kinds-error" className="field__error" role="alert">
              {errors.kinds}
            </span>
          )}
        </fieldset>
        <label className="admin-check">
          <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
          <span>
            {t('webhooks.enabled')}
            <span className="admin-check__help">{t('webhooks.enabledHelp')}</span>
          </span>
        </label>
        <FormActions
          onCancel={onClose}
          submit={t(endpoint ? 'common.save' : 'webhooks.add')}
          disabled={save.isPending}
        />
      </form>
    </Dialog>
  );
}

/** The signing secret, once (after adding an endpoint or rotating its secret), with how to verify it. */
export function SecretDialog({ shown, onClose }: { shown: WebhookEndpointWithSecret; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Dialog
      open
      wide
      onOpenChange={(o) => !o && onClose()}
      title={t('webhooks.secretTitle')}
      actions={
        <Button variant="primary" onClick={onClose}>
          {t('webhooks.done')}
        </Button>
      }
    >
      <p className="admin-note admin-note--warning" role="alert">
        <TriangleAlert size={16} aria-hidden />
        <span>{t('webhooks.secretOnce')}</span>
      </p>
      <p className="admin-section__text">
        <bdi dir="ltr" className="admin-code">
          {shown.endpoint.url}
        </bdi>
      </p>
      <div className="admin-secret">
        <label className="field__label" htmlFor={id}>
          {t('webhooks.secret')}
        </label>
        <div className="admin-secret__row">
          <input
            id={id}
            className="admin-secret__value"
            data-testid="webhook-secret"
            value={shown.secret}
            readOnly
            spellCheck={false}
            dir="ltr"
            onFocus={(e) => e.currentTarget.select()}
          />
          <CopyButton text={shown.secret} label={t('webhooks.copySecret')} />
        </div>
      </div>
      <p className="admin-section__text">{t('webhooks.verifyHelp')}</p>
    </Dialog>
  );
}
