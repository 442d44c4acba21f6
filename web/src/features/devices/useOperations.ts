import type { Operation, OperationStatus } from '@fieldwatch/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { onLive } from '@/lib/live.ts';
import { queryClient } from '@/lib/query.ts';
import { toast } from '@/lib/toast.ts';
import { unitKeys } from '@/lib/units.ts';
import { deviceQueries } from './deviceQueries.ts';
import { devicesApi } from './devicesApi.ts';

/** While something is requested the queue is read again at this pace. */
const POLL_MS = 3000;

/**
 * A unit's operations, newest first: polled while any is requested, and read again at once when the
 * live push says an operation or the relay of this unit changed. A finished operation is toasted.
 */
export function useOperations(unitId: number) {
  const { t } = useTranslation();
  const ops = useQuery({
    ...deviceQueries.operations(unitId),
    refetchInterval: (q) => (q.state.data?.some((o) => o.state === 'requested') ? POLL_MS : false),
  });
  useEffect(
    () =>
      onLive((m) => {
        if (m.unitId !== unitId || (m.kind !== 'operation' && m.kind !== 'relay')) return;
        void queryClient.invalidateQueries({ queryKey: deviceQueries.operations(unitId).queryKey });
        if (m.kind === 'relay') void queryClient.invalidateQueries({ queryKey: ['deviceRelay', unitId] });
        // The settings the unit reported are stored with its answer: read them again.
        if (m.operation === 'get_settings' && m.state === 'succeeded')
          for (const queryKey of [unitKeys.settings(unitId), unitKeys.details(unitId), unitKeys.options(unitId)])
            void queryClient.invalidateQueries({ queryKey });
        if (m.kind === 'operation' && m.state !== 'requested') {
          const name = t(`devices.operations.${String(m.operation)}`, { defaultValue: String(m.operation) });
          const message = String(m.message ?? '');
          if (m.state === 'succeeded') toast(t('devices.operationSucceeded', { name }), 'success');
          else if (m.operation === 'send_settings') toast(configurationFailed(t, message), 'danger');
          else toast(t('devices.operationFailed', { name, message }), 'danger');
        }
      }),
    [unitId, t],
  );
  return ops;
}

/** The newest entry of each operation name: the state the panel shows beside its button. */
export function latestByOperation(list: readonly OperationStatus[]): Map<string, OperationStatus> {
  const out = new Map<string, OperationStatus>();
  for (const o of list) if (!out.has(o.operation)) out.set(o.operation, o);
  return out;
}

/**
 * The settings sent to a unit did not reach it: the request was refused, or the unit answered that
 * it failed; the reason follows when there is one.
 */
export const configurationFailed = (t: TFunction, message: string) =>
  message ? t('devices.configurationFailedReason', { message }) : t('devices.configurationFailed');

/** Requests an operation of the unit (a refusal is toasted and re-thrown); the queue shows it as requested at once. */
export function useRunOperation(unitId: number) {
  const { t } = useTranslation();
  return useCallback(
    async (operation: Operation) => {
      try {
        await devicesApi.run(unitId, operation);
        toast(t('devices.operationRequested', { name: t(`devices.operations.${operation}`) }), 'info');
      } catch (e) {
        const message = (e as Error).message;
        toast(
          operation === 'send_settings' ? configurationFailed(t, message) : t('devices.operationError', { message }),
          'danger',
        );
        throw e;
      } finally {
        void queryClient.invalidateQueries({ queryKey: deviceQueries.operations(unitId).queryKey });
      }
    },
    [unitId, t],
  );
}
