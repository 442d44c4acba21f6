import type { UnitStatus, WebhookDelivery, WebhookDeliveryState, WebhookEndpoint } from '@fieldwatch/core';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '@/lib/useDateFormat.ts';
import { Button, IconButton } from '@/ui/Button.tsx';
import { Dialog } from '@/ui/Dialog.tsx';
import { StatusDot } from '@/ui/StatusLabel.tsx';
import { Loaded } from '../AdminParts.tsx';
import { useWebhookDeliveries, useWebhookDelivery } from '../webhooksApi.ts';
import { AdminTable } from './AdminTable.tsx';
import { kindKey } from './WebhookDialogs.tsx';

/** A delivery's state in the status colours, always with its word: delivered ok, waiting a problem, given up an alarm. */
const STATUS: Record<WebhookDeliveryState, UnitStatus> = { succeeded: 'ok', pending: 'problem', failed: 'alarm' };

export function DeliveryState({ state }: { state: WebhookDeliveryState }) {
  const { t } = useTranslation();
  return (
    <span className="status-label" data-state={state}>
      <StatusDot status={STATUS[state]} />
      {t(`webhooks.state.${state}`)}
    </span>
  );
}

/** What the endpoint answered: its HTTP status, or that none came (with why, in the detail). */
function Answer({ d }: { d: Pick<WebhookDelivery, 'lastStatusCode' | 'lastError' | 'attempts'> }) {
  const { t } = useTranslation();
  if (d.attempts === 0) return <span className="muted">–</span>;
  if (d.lastStatusCode !== null) return <span>{d.lastStatusCode}</span>;
  return <span className="muted">{t('webhooks.noAnswer')}</span>;
}

const NUMERIC = new Set<string>(['attempts', 'answer', 'duration']);

const ms = (n: number | null) => (n === null ? '–' : `${n.toLocaleString()} ms`);

/** The endpoint's deliveries, newest first (time, kind, state, attempts, next retry, answer, duration). */
export function DeliveryLog({ organizationId, endpoint }: { organizationId: number; endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  const when = useDateFormat();
  const log = useWebhookDeliveries(organizationId, endpoint.id);
  const [open, setOpen] = useState<string | null>(null);
  const columns = ['time', 'kind', 'state', 'attempts', 'nextRetry', 'answer', 'duration'] as const;
  return (
    <section className="webhooks-log" aria-labelledby="webhooks-log-title">
      <header className="webhooks-log__head">
        <h3 id="webhooks-log-title" className="webhooks-log__title">
          {t('webhooks.deliveries.title')}{' '}
          <bdi dir="ltr" className="admin-code muted">
            {endpoint.url}
          </bdi>
        </h3>
        <IconButton label={t('webhooks.deliveries.refresh')} onClick={() => void log.refetch()}>
          <RefreshCw size={16} aria-hidden />
        </IconButton>
      </header>
      <Loaded query={log} lines={3}>
        {(list) =>
          list.length === 0 ? (
            <p className="muted admin-table__empty">{t('webhooks.deliveries.none')}</p>
          ) : (
            <AdminTable
              className="admin-table webhooks-deliveries"
              caption={t('webhooks.deliveries.title')}
              columns={columns.map((c) => ({
                label: t(`webhooks.deliveries.${c}`),
                className: NUMERIC.has(c) ? 'num' : undefined,
              }))}
              actions={t('webhooks.actions')}
            >
              {list.map((d) => (
                <tr key={d.id} data-delivery={d.id} data-state={d.state}>
                  <td className="admin-table__main">
                    <time dateTime={d.created}>{when.dateTime(d.created)}</time>
                  </td>
                  <td data-label={t('webhooks.deliveries.kind')}>{t(kindKey(d.kind))}</td>
                  <td data-label={t('webhooks.deliveries.state')}>
                    <DeliveryState state={d.state} />
                  </td>
                  <td data-label={t('webhooks.deliveries.attempts')} className="num">
                    {d.attempts}
                  </td>
                  <td data-label={t('webhooks.deliveries.nextRetry')}>
                    {d.nextAttemptAt && d.attempts > 0 ? (
                      <time dateTime={d.nextAttemptAt}>{when.dateTime(d.nextAttemptAt)}</time>
                    ) : (
                      <span className="muted">–</span>
                    )}
                  </td>
                  <td data-label={t('webhooks.deliveries.answer')} className="num">
                    <Answer d={d} />
                  </td>
                  <td data-label={t('webhooks.deliveries.duration')} className="num">
                    {ms(d.lastDurationMs)}
                  </td>
                  <td className="admin-table__end">
                    <Button variant="ghost" onClick={() => setOpen(d.id)}>
                      {t('webhooks.deliveries.details')}
                    </Button>
                  </td>
                </tr>
              ))}
            </AdminTable>
          )
        }
      </Loaded>
      {open && (
        <DeliveryDialog
          organizationId={organizationId}
          endpointId={endpoint.id}
          deliveryId={open}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}

/** One delivery: its ids, the body exactly as sent, and each attempt with the answer's start. */
function DeliveryDialog({
  organizationId,
  endpointId,
  deliveryId,
  onClose,
}: {
  organizationId: number;
  endpointId: number;
  deliveryId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const when = useDateFormat();
  const detail = useWebhookDelivery(organizationId, endpointId, deliveryId);
  return (
    <Dialog
      open
      wide
      onOpenChange={(o) => !o && onClose()}
      title={t('webhooks.detail.title')}
      actions={<Button onClick={onClose}>{t('webhooks.done')}</Button>}
    >
      <Loaded query={detail} lines={6}>
        {({ delivery: d, body, attempts }) => (
          <div className="webhooks-detail">
            <dl className="webhooks-facts">
              <dt>{t('webhooks.deliveries.kind')}</dt>
              <dd>{t(kindKey(d.kind))}</dd>
              <dt>{t('webhooks.deliveries.state')}</dt>
              <dd>
                <DeliveryState state={d.state} />
              </dd>
              <dt>{t('webhooks.detail.event')}</dt>
              <dd>
                <code className="admin-code" dir="ltr">
                  {d.eventId}
                </code>
              </dd>
              <dt>{t('webhooks.detail.delivery')}</dt>
              <dd>
                <code className="admin-code" dir="ltr">
                  {d.id}
                </code>
              </dd>
            </dl>
            <h3 className="webhooks-detail__title">{t('webhooks.detail.body')}</h3>
            <pre className="webhooks-pre" dir="ltr" data-testid="webhook-body">
              {pretty(body)}
            </pre>
            <h3 className="webhooks-detail__title">{t('webhooks.detail.attempts')}</h3>
            {attempts.length === 0 ? (
              <p className="muted">{t('webhooks.detail.noAttempts')}</p>
            ) : (
              <ol className="webhooks-attempts">
                {attempts.map((a) => (
                  <li key={a.at}>
                    <p className="webhooks-attempts__head">
                      <time dateTime={a.at}>{when.dateTime(a.at, { seconds: true })}</time>
                      <span>{a.statusCode ?? t('webhooks.noAnswer')}</span>
                      <span className="muted">{ms(a.durationMs)}</span>
                    </p>
                    {a.error && <p className="webhooks-attempts__error">{a.error}</p>}
                    {a.excerpt && (
                      <pre className="webhooks-pre" dir="ltr">
                        {a.excerpt}
                      </pre>
                    )}
                  </li>
                ))}
              </ol>
            )}
          </div>
        )}
      </Loaded>
    </Dialog>
  );
}

/** The body indented for reading (what was signed is the compact text; the API keeps it). */
function pretty(body: string) {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
