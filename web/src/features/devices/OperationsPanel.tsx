import './operationsPanel.css';
import './settingsForm.css';
import { type DeviceDetails, OPERATIONS, type Operation, type OperationStatus } from '@fieldwatch/core';
import { CircleAlert, CircleCheck, RotateCcw, X } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/errorText.ts';
import { queryClient } from '@/lib/query.ts';
import { outputsOf } from '@/lib/relay/relayMachine.ts';
import { useRelay } from '@/lib/relay/useRelay.ts';
import { toast } from '@/lib/toast.ts';
import { Button } from '@/ui/Button.tsx';
import { Dialog } from '@/ui/Dialog.tsx';
import { Spinner } from '@/ui/Spinner.tsx';
import { ReadOnlyTag } from '@/ui/Tag.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { Time } from '@/ui/Time.tsx';
import { deviceQueries } from './deviceQueries.ts';
import { devicesApi } from './devicesApi.ts';
import { latestByOperation, useOperations, useRunOperation } from './useOperations.ts';

/**
 * The operations panel: the eight operations with the state of their newest run (live
 * push and polling), the queue of requests the unit has not answered (resend, cancel), purge behind a
 * typed confirmation, and the relay outputs when the unit has relays.
 */
export function OperationsPanel({
  unit,
  relayCount,
  canOperate,
}: {
  unit: DeviceDetails;
  relayCount: number;
  canOperate: boolean;
}) {
  const { t } = useTranslation();
  const ops = useOperations(unit.id);
  const run = useRunOperation(unit.id);
  const [purging, setPurging] = useState(false);
  const latest = latestByOperation(ops.data ?? []);
  const pending = (ops.data ?? []).filter((o) => o.state === 'requested');
  const start = (op: Operation) => (op === 'purge_data' ? setPurging(true) : run(op).catch(() => undefined));
  const cancel = async (o: OperationStatus) => {
    try {
      await devicesApi.cancel(unit.id, o.seq, o.operation);
    } catch (e) {
      toast(t('devices.cancelFailed', { message: errorText(e) }), 'danger');
    }
    void queryClient.invalidateQueries({ queryKey: deviceQueries.operations(unit.id).queryKey });
  };
  const resend = async (o: OperationStatus) => {
    await cancel(o);
    await run(o.operation as Operation).catch(() => undefined);
  };

  return (
    <section className="card ops" aria-labelledby="ops-title">
      <div className="ops__head">
        <h2 id="ops-title" className="ops__title">
          {t('devices.operationsTitle')}
        </h2>
        {!canOperate && <ReadOnlyTag label={t('devices.readOnly')} />}
      </div>
      <ul className="ops__grid">
        {OPERATIONS.map((op) => {
          const last = latest.get(op);
          return (
            <li key={op}>
              <button
                type="button"
                className={`ops__op${op === 'purge_data' ? ' ops__op--danger' : ''}`}
                disabled={!canOperate}
                onClick={() => start(op)}
              >
                <span className="ops__name">{t(`devices.operations.${op}`)}</span>
                <OperationState status={last} />
              </button>
            </li>
          );
        })}
      </ul>
      <h3 className="ops__subtitle">{t('devices.queue', { count: pending.length })}</h3>
      {pending.length === 0 ? (
        <p className="muted ops__empty">{t('devices.queueEmpty')}</p>
      ) : (
        <ul className="ops__queue" aria-label={t('devices.queue', { count: pending.length })}>
          {pending.map((o) => (
            <li key={o.seq} className="ops__pending">
              <Spinner label={t('devices.states.requested')} />
              <span className="ops__pending-name">
                {t(`devices.operations.${o.operation}`, { defaultValue: o.operation })}
                <span className="muted">
                  {' '}
                  #{o.seq} · <Time at={o.requestedAt} />
                </span>
              </span>
              {canOperate && (
                <span className="ops__pending-actions">
                  {o.operation !== 'relay' && (
                    <Button variant="ghost" icon={<RotateCcw size={14} aria-hidden />} onClick={() => void resend(o)}>
                      {t('devices.resend')}
                    </Button>
                  )}
                  <Button variant="ghost" icon={<X size={14} aria-hidden />} onClick={() => void cancel(o)}>
                    {t('common.cancel')}
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {relayCount > 0 && <RelayOutputs unitId={unit.id} canOperate={canOperate} />}
      <PurgeDialog
        open={purging}
        unitName={unit.name}
        onOpenChange={setPurging}
        onConfirm={() => {
          setPurging(false);
          void run('purge_data').catch(() => undefined);
        }}
      />
    </section>
  );
}

function OperationState({ status }: { status: OperationStatus | undefined }) {
  const { t } = useTranslation();
  if (!status) return <span className="ops__state muted">{t('devices.neverRun')}</span>;
  return (
    <span className={`ops__state ops__state--${status.state}`} title={status.message || undefined}>
      {status.state === 'requested' && <Spinner />}
      {status.state === 'succeeded' && <CircleCheck size={13} aria-hidden />}
      {status.state === 'failed' && <CircleAlert size={13} aria-hidden />}
      {t(`devices.states.${status.state}`)} · <Time at={status.finishedAt ?? status.requestedAt} />
    </span>
  );
}

/** Purge deletes the unit's stored measurements: the unit's name must be typed to confirm. */
function PurgeDialog({
  open,
  unitName,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  unitName: string;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const matches = typed.trim() === unitName.trim();
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setTyped('');
        onOpenChange(o);
      }}
      title={t('devices.purgeTitle')}
      description={t('devices.purgeText', { name: unitName })}
      actions={
        <>
          <Button onClick={() => onOpenChange(false)}>{t('common.cancel')}</Button>
          <Button variant="danger" disabled={!matches} onClick={onConfirm}>
            {t('devices.purgeConfirm')}
          </Button>
        </>
      }
    >
      <TextField
        label={t('devices.purgeType', { name: unitName })}
        value={typed}
        autoComplete="off"
        onChange={(e) => setTyped(e.target.value)}
      />
    </Dialog>
  );
}

/** One switch per relay output, as the unit last reported them; pending until the unit answers. */
function RelayOutputs({ unitId, canOperate }: { unitId: number; canOperate: boolean }) {
  const { t } = useTranslation();
  const onError = useCallback(() => toast(t('widgets.relay.updateError'), 'danger'), [t]);
  const { m, send } = useRelay(unitId, onError);
  const outputs = outputsOf(m.shown);
  return (
    <div className="ops__relay">
      <h3 className="ops__subtitle">
        {t('devices.relay')}
        <span className={`relay-phase relay-phase--${m.phase}`} role="status">
          {m.phase === 'pending' && <Spinner />}
          {t(`widgets.relay.phase.${m.phase}`)}
        </span>
      </h3>
      {outputs.length === 0 ? (
        <p className="muted">{t('widgets.relay.waiting')}</p>
      ) : (
        <ul className="ops__outputs">
          {outputs.map((on, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: outputs are positions
            <li key={i}>
              <label className="switch-field">
                <input
                  type="checkbox"
                  role="switch"
                  aria-checked={on}
                  checked={on}
                  disabled={!canOperate || m.phase !== 'ready'}
                  onChange={(e) => send(i, e.target.checked)}
                />
                <span>{t('widgets.relay.output', { n: i + 1 })}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
