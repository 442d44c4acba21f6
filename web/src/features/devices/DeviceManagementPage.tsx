import './devices.css';
import { DEVICE_TABS, type DeviceTab } from '@fieldwatch/core';
import { Cpu } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAllUnits } from '@/lib/units.ts';
import { Button } from '@/ui/Button.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { Page } from '@/ui/Page.tsx';
import { Skeleton } from '@/ui/Skeleton.tsx';
import { DeviceDetail } from './DeviceDetail.tsx';
import { DeviceTable } from './DeviceTable.tsx';

const isTab = (v: string | null): v is DeviceTab => DEVICE_TABS.includes(v as DeviceTab);

/**
 * Device management (/devicemanagement): the table of every unit the user may see and, beside it
 * (on phones in its place), the unit opened from it with its operations and tabs. The open unit and
 * tab live in the address (?unit=&tab=), so a link or a reload shows the same.
 */
export function DeviceManagementPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const devices = useAllUnits();
  const unitId = Number(params.get('unit')) || null;
  const tabParam = params.get('tab');
  const tab: DeviceTab = isTab(tabParam) ? tabParam : 'deviceInfo';
  const open = (id: number | null, next: DeviceTab = tab) =>
    setParams(id ? { unit: String(id), tab: next } : {}, { replace: id === unitId });

  return (
    <Page title={t('pages.devicemanagement')} className={`devices-page${unitId ? ' devices-page--viewing' : ''}`}>
      <div className="devices-layout">
        {devices.isPending ? (
          <div className="card device-table">
            <Skeleton lines={10} />
          </div>
        ) : devices.isError ? (
          <div className="card device-table">
            <EmptyState icon={<Cpu size={26} />} title={t('devices.loadFailed')}>
              <Button onClick={() => void devices.refetch()}>{t('common.retry')}</Button>
            </EmptyState>
          </div>
        ) : devices.data.length === 0 ? (
          <div className="card device-table">
            <EmptyState icon={<Cpu size={26} />} title={t('devices.none')}>
              <p>{t('devices.noneText')}</p>
            </EmptyState>
          </div>
        ) : (
          <DeviceTable devices={devices.data} openId={unitId} />
        )}
        {unitId && (
          <DeviceDetail
            key={unitId}
            unitId={unitId}
            tab={tab}
            onTab={(k) => open(unitId, k)}
            onClose={() => open(null)}
          />
        )}
      </div>
    </Page>
  );
}
