import type { ApiKey, ApiKeyCreated } from '@fieldwatch/core';
import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '@/lib/useDateFormat.ts';
import { Button } from '@/ui/Button.tsx';
import { ConfirmDialog } from '@/ui/ConfirmDialog.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { Loaded, Section } from '../AdminParts.tsx';
import { adminApi, adminKeys, useAdminChange, useApiKeys } from '../adminApi.ts';
import { AdminTable } from './AdminTable.tsx';
import { CreatedKeyDialog, NewKeyDialog } from './ApiKeyDialogs.tsx';

/**
 * API: the signed-in administrator's personal API keys. A key is shown once, when made; the server
 * keeps only its hash, so the list shows its prefix to recognise it by.
 */
export function ApiTab() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = useAdminChange((k: ApiKey) => adminApi.revokeApiKey(k.id), {
    refresh: [adminKeys.apiKeys],
    done: (_, k) => t('admin.api.revoked', { name: k.name }),
  });
  return (
    <Section
      title={t('admin.api.title')}
      description={t('admin.api.text')}
      actions={
        <Button variant="primary" icon={<Plus size={16} aria-hidden />} onClick={() => setCreating(true)}>
          {t('admin.api.create')}
        </Button>
      }
    >
      <Loaded query={keys} lines={4}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState icon={<KeyRound size={26} />} title={t('admin.api.none')}>
              <p>{t('admin.api.noneText')}</p>
            </EmptyState>
          ) : (
            <KeyTable keys={list} onRevoke={setRevoking} />
          )
        }
      </Loaded>
      <p className="admin-section__text">
        {t('admin.api.docs')} <a href="/api/docs">{t('admin.api.docsLink')}</a>
      </p>
      <NewKeyDialog open={creating} onClose={() => setCreating(false)} onCreated={setCreated} />
      {created && <CreatedKeyDialog created={created} onClose={() => setCreated(null)} />}
      <ConfirmDialog
        open={revoking !== null}
        title={t('admin.api.revokeTitle', { name: revoking?.name })}
        text={t('admin.api.revokeText')}
        confirmLabel={t('admin.api.revoke')}
        onClose={() => setRevoking(null)}
        onConfirm={() => (revoking ? revoke.mutateAsync(revoking) : Promise.resolve())}
      />
    </Section>
  );
}

function KeyTable({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (k: ApiKey) => void }) {
  const { t } = useTranslation();
  const when = useDateFormat();
  return (
    <AdminTable
      caption={t('admin.api.title')}
      columns={['name', 'key', 'scopes', 'created', 'lastUsed'].map((c) => t(`admin.api.${c}`))}
      actions={t('admin.api.actions')}
    >
      {keys.map((k) => (
        <tr key={k.id}>
          <td className="admin-table__main">
            <strong>
              <bdi>{k.name}</bdi>
            </strong>
          </td>
          <td data-label={t('admin.api.key')}>
            <code className="admin-code" dir="ltr">
              {k.prefix}…
            </code>
          </td>
          <td data-label={t('admin.api.scopes')}>
            <span className="admin-scopes">
              {k.scopes.map((s) => (
                <span key={s} className="admin-tag">
                  {t(`admin.api.scope.${s}`)}
                </span>
              ))}
            </span>
          </td>
          <td data-label={t('admin.api.created')}>
            <time dateTime={k.created}>{when.date(k.created)}</time>
          </td>
          <td data-label={t('admin.api.lastUsed')}>
            {k.lastUsed ? (
              <time dateTime={k.lastUsed}>{when.dateTime(k.lastUsed)}</time>
            ) : (
              <span className="muted">{t('admin.api.neverUsed')}</span>
            )}
          </td>
          <td className="admin-table__end">
            <Button variant="ghost" className="admin-danger-text" onClick={() => onRevoke(k)}>
              {t('admin.api.revoke')}
              <span className="visually-hidden"> ({k.name})</span>
            </Button>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
