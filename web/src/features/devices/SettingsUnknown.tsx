import './settingsForm.css';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/ui/Button.tsx';
import { deviceQueries } from './deviceQueries.ts';
import { latestByOperation, useRunOperation } from './useOperations.ts';

/**
 * A tab whose settings the unit has not reported: says they are unknown until it does (or that its
 * last report left them out), with the Get settings operation beside it (waiting while one is
 * requested; the operations panel polls).
 */
export function SettingsUnknown({ unitId, canOperate }: { unitId: number; canOperate: boolean }) {
  const { t } = useTranslation();
  const run = useRunOperation(unitId);
  const ops = useQuery(deviceQueries.operations(unitId));
  const state = latestByOperation(ops.data ?? []).get('get_settings')?.state;
  const requested = state === 'requested';
  return (
    <div className="settings-unknown">
      <p className="settings-unknown__text">
        {t(state === 'succeeded' ? 'devices.settingsLeftOut' : 'devices.settingsUnknown')}
      </p>
      <Button
        icon={<Download size={16} aria-hidden />}
        disabled={!canOperate || requested}
        aria-busy={requested || undefined}
        onClick={() => run('get_settings').catch(() => undefined)}
      >
        {t('devices.operations.get_settings')}
      </Button>
    </div>
  );
}
