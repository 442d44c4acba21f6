import type { WebhookEndpoint, WebhookEndpointWithSecret } from '@fieldwatch/core';
import { AdminTable } from './AdminTable.tsx';
import './webhooks.css';
import { Ellipsis, Plus, Webhook } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '@/lib/useDateFormat.ts';
import { Button, IconButton } from '@/ui/Button.tsx';
import { ConfirmDialog } from '@/ui/ConfirmDialog.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '@/ui/Menu.tsx';
import { Loaded, Section } from '../AdminParts.tsx';
import { useAdminChange } from '../adminApi.ts';
import { useWebhooks, webhookKeys, webhooksApi } from '../webhooksApi.ts';
import type { TabProps } from './TabPanel.tsx';
import { DeliveryLog, DeliveryState } from './WebhookDeliveries.tsx';
import { EndpointDialog, kindKey, SecretDialog } from './WebhookDialogs.tsx';

type Editing = { endpoint?: WebhookEndpoint } | null;
type Confirming = { what: 'delete' | 'rotate'; endpoint: WebhookEndpoint } | null;

/**
 * Webhooks: the organization's HTTPS endpoints that receive alarms, acknowledgements and task
 * changes as signed JSON. Add (the secret is shown once), change, enable or disable, rotate the
 * secret, delete, send a test; below, the chosen endpoint's delivery log.
 */
export function WebhooksTab({ org }: TabProps) {
  const { t } = useTranslation();
  const list = useWebhooks(org.id);
  const [editing, setEditing] = useState<Editing>(null);
  const [secret, setSecret] = useState<WebhookEndpointWithSecret | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const refresh = [webhookKeys.list(org.id)];
  const remove = useAdminChange((e: WebhookEndpoint) => webhooksApi.remove(e.id), {
    refresh,
    done: () => t('webhooks.deleted'),
  });
  const rotate = useAdminChange((e: WebhookEndpoint) => webhooksApi.rotate(e.id), { refresh });
  const toggle = useAdminChange(
    (e: WebhookEndpoint) =>
      webhooksApi.update(e.id, { url: e.url, description: e.description, kinds: e.kinds, enabled: !e.enabled }),
    { refresh, done: (e) => t(e.enabled ? 'webhooks.enabledNow' : 'webhooks.disabledNow') },
  );
  const test = useAdminChange((e: WebhookEndpoint) => webhooksApi.test(e.id), {
    refresh: [webhookKeys.list(org.id)],
    done: () => t('webhooks.testQueued'),
  });
  const confirm = async () => {
    if (!confirming) return;
    if (confirming.what === 'delete') await remove.mutateAsync(confirming.endpoint);
    else setSecret(await rotate.mutateAsync(confirming.endpoint));
  };
  return (
    <>
      <Section
        title={t('webhooks.title')}
        description={t('webhooks.text', { name: org.name })}
        actions={
          <Button variant="primary" icon={<Plus size={16} aria-hidden />} onClick={() => setEditing({})}>
            {t('webhooks.add')}
          </Button>
        }
      >
        <Loaded query={list} lines={4}>
          {(endpoints) => {
            if (endpoints.length === 0)
              return (
                <EmptyState icon={<Webhook size={26} />} title={t('webhooks.none')}>
                  <p>{t('webhooks.noneText')}</p>
                </EmptyState>
              );
            const shown = endpoints.find((e) => e.id === chosen) ?? endpoints[0];
            return (
              <>
                <EndpointTable
                  endpoints={endpoints}
                  chosen={shown?.id}
                  busy={test.isPending || toggle.isPending}
                  onChoose={(e) => setChosen(e.id)}
                  onTest={(e) => {
                    setChosen(e.id);
                    test.mutate(e);
                  }}
                  onEdit={(endpoint) => setEditing({ endpoint })}
                  onToggle={(e) => toggle.mutate(e)}
                  onRotate={(endpoint) => setConfirming({ what: 'rotate', endpoint })}
                  onDelete={(endpoint) => setConfirming({ what: 'delete', endpoint })}
                />
                {shown && <DeliveryLog key={shown.id} organizationId={org.id} endpoint={shown} />}
              </>
            );
          }}
        </Loaded>
        <p className="admin-section__text">{t('webhooks.docs')}</p>
      </Section>
      <EndpointDialog
        open={editing !== null}
        target={{ organizationId: org.id, endpoint: editing?.endpoint }}
        onClose={() => setEditing(null)}
        onCreated={(created) => {
          setChosen(created.endpoint.id);
          setSecret(created);
        }}
      />
      {secret && <SecretDialog shown={secret} onClose={() => setSecret(null)} />}
      <ConfirmDialog
        open={confirming !== null}
        danger={confirming?.what === 'delete'}
        title={t(confirming?.what === 'rotate' ? 'webhooks.rotateTitle' : 'webhooks.deleteTitle')}
        text={t(confirming?.what === 'rotate' ? 'webhooks.rotateText' : 'webhooks.deleteText', {
          url: confirming?.endpoint.url,
        })}
        confirmLabel={t(confirming?.what === 'rotate' ? 'webhooks.rotate' : 'webhooks.delete')}
        onClose={() => setConfirming(null)}
        onConfirm={confirm}
      />
    </>
  );
}

type RowActions = {
  busy: boolean;
  onChoose: (e: WebhookEndpoint) => void;
  onTest: (e: WebhookEndpoint) => void;
  onEdit: (e: WebhookEndpoint) => void;
  onToggle: (e: WebhookEndpoint) => void;
  onRotate: (e: WebhookEndpoint) => void;
  onDelete: (e: WebhookEndpoint) => void;
};

function EndpointTable({
  endpoints,
  chosen,
  ...actions
}: { endpoints: WebhookEndpoint[]; chosen: number | undefined } & RowActions) {
  const { t } = useTranslation();
  const when = useDateFormat();
  const columns = ['endpoint', 'kinds', 'state', 'lastDelivery'] as const;
  return (
    <AdminTable
      className="admin-table webhooks-table"
      caption={t('webhooks.title')}
      columns={columns.map((c) => t(`webhooks.column.${c}`))}
      actions={t('webhooks.actions')}
    >
      {endpoints.map((e) => (
        <tr key={e.id} aria-current={e.id === chosen ? 'true' : undefined} data-endpoint={e.id}>
          <td className="admin-table__main">
            <span className="webhooks-endpoint">
              <bdi dir="ltr" className="admin-code webhooks-url" title={e.url}>
                {e.url}
              </bdi>
              {e.description && <span className="muted webhooks-endpoint__sub">{e.description}</span>}
            </span>
          </td>
          <td data-label={t('webhooks.column.kinds')}>
            <span className="webhooks-kinds">
              {e.kinds.map((k) => (
                <span key={k} className="admin-tag">
                  {t(kindKey(k))}
                </span>
              ))}
            </span>
          </td>
          <td data-label={t('webhooks.column.state')}>
            <span className={`admin-tag webhooks-switch${e.enabled ? ' webhooks-switch--on' : ''}`}>
              {t(e.enabled ? 'webhooks.enabled' : 'webhooks.disabled')}
            </span>
          </td>
          <td data-label={t('webhooks.column.lastDelivery')}>
            {e.lastDelivery ? (
              <span className="webhooks-last">
                <DeliveryState state={e.lastDelivery.state} />
                <time dateTime={e.lastDelivery.at} className="muted">
                  {when.dateTime(e.lastDelivery.at)}
                </time>
              </span>
            ) : (
              <span className="muted">{t('webhooks.never')}</span>
            )}
          </td>
          <td className="admin-table__end">
            <EndpointActions endpoint={e} chosen={e.id === chosen} {...actions} />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

function EndpointActions({ endpoint: e, chosen, ...a }: { endpoint: WebhookEndpoint; chosen: boolean } & RowActions) {
  const { t } = useTranslation();
  return (
    <span className="webhooks-actions">
      <Button onClick={() => a.onTest(e)} disabled={a.busy}>
        {t('webhooks.test')}
        <span className="visually-hidden"> ({e.url})</span>
      </Button>
      <Button variant="ghost" aria-pressed={chosen} onClick={() => a.onChoose(e)}>
        {t('webhooks.deliveries.show')}
        <span className="visually-hidden"> ({e.url})</span>
      </Button>
      <Menu>
        <MenuTrigger asChild>
          <IconButton label={t('webhooks.more', { url: e.url })}>
            <Ellipsis size={16} aria-hidden />
          </IconButton>
        </MenuTrigger>
        <MenuContent>
          <MenuItem onSelect={() => a.onEdit(e)}>{t('webhooks.edit')}</MenuItem>
          <MenuItem onSelect={() => a.onToggle(e)} disabled={a.busy}>
            {t(e.enabled ? 'webhooks.disable' : 'webhooks.enable')}
          </MenuItem>
          <MenuItem onSelect={() => a.onRotate(e)}>{t('webhooks.rotate')}</MenuItem>
          <MenuSeparator />
          <MenuItem onSelect={() => a.onDelete(e)}>{t('webhooks.delete')}</MenuItem>
        </MenuContent>
      </Menu>
    </span>
  );
}
