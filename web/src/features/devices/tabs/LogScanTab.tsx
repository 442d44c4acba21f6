import './unitTabs.css';
import { alarmTypeKey, type UnitLogEntry } from '@fieldwatch/core';
import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onLive } from '@/lib/live.ts';
import { queryClient } from '@/lib/query.ts';
import { Button } from '@/ui/Button.tsx';
import { Chip } from '@/ui/Chip.tsx';
import { ScrollRegion } from '@/ui/ScrollRegion.tsx';
import { Skeleton } from '@/ui/Skeleton.tsx';
import { Time } from '@/ui/Time.tsx';
import { deviceQueries } from '../deviceQueries.ts';

const KINDS = ['operation', 'alarm', 'alarmCleared', 'report'] as const;

/** Log scan: the unit's operations, alarms and reports, newest first, followed live. */
export function LogScanTab({ unitId }: { unitId: number }) {
  const { t } = useTranslation();
  const query = deviceQueries.log(unitId);
  const log = useQuery(query);
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key follows unitId
  useEffect(
    () =>
      onLive((m) => {
        if (m.unitId === unitId) void queryClient.invalidateQueries({ queryKey: query.queryKey });
      }),
    [unitId],
  );
  const what = (e: UnitLogEntry) => {
    if (e.kind === 'operation') return t(`devices.operations.${e.name}`, { defaultValue: e.name });
    if (e.kind === 'report') return t('devices.log.values', { count: Number(e.name) });
    return t(alarmTypeKey(Number(e.name)));
  };
  const rows = (log.data ?? []).filter((e) => !hidden.has(e.kind));
  return (
    <div className="log-scan">
      <div className="log-scan__bar">
        <fieldset className="chip-group" aria-label={t('devices.log.kinds')}>
          {KINDS.map((k) => (
            <Chip
              key={k}
              pressed={!hidden.has(k)}
              onClick={() => {
                const next = new Set(hidden);
                if (next.has(k)) next.delete(k);
                else next.add(k);
                setHidden(next);
              }}
            >
              {t(`devices.log.kind.${k}`)}
            </Chip>
          ))}
        </fieldset>
        <Button variant="ghost" icon={<RefreshCw size={14} aria-hidden />} onClick={() => void log.refetch()}>
          {t('devices.log.refresh')}
        </Button>
      </div>
      {log.isPending ? (
        <Skeleton lines={8} />
      ) : rows.length === 0 ? (
        <p className="muted">{t('devices.log.empty')}</p>
      ) : (
        <ScrollRegion className="limits__scroll" label={t('devices.tabs.logScan')}>
          <table className="data-table log-scan__table">
            <thead>
              <tr>
                <th scope="col">{t('devices.time')}</th>
                <th scope="col">{t('devices.log.kindLabel')}</th>
                <th scope="col">{t('devices.log.what')}</th>
                <th scope="col">{t('devices.log.state')}</th>
                <th scope="col">{t('devices.log.message')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((e, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: entries of one time and kind may repeat
                <tr key={`${e.time}-${e.kind}-${i}`} data-kind={e.kind}>
                  <td>
                    <Time at={e.time} />
                  </td>
                  <td>
                    <span className={`log-kind log-kind--${e.kind}`}>{t(`devices.log.kind.${e.kind}`)}</span>
                  </td>
                  <td>{what(e)}</td>
                  <td>{e.state ? t(`devices.log.states.${e.state}`) : ''}</td>
                  <td className="log-scan__message">{e.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </div>
  );
}
