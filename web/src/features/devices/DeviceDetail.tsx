import './deviceDetail.css';
import { DEVICE_TABS, type DeviceTab, fieldsOfTab, unitTypeName } from '@fieldwatch/core';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Radar } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOriginState } from '@/lib/origin.ts';
import { useUnitDetails, useUnitOptions } from '@/lib/units.ts';
import { useDateFormat } from '@/lib/useDateFormat.ts';
import { deviceRights, useRoleIn } from '@/stores/user.ts';
import { Ltr } from '@/ui/Bidi.tsx';
import { Button } from '@/ui/Button.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { Skeleton } from '@/ui/Skeleton.tsx';
import { StatusLabel } from '@/ui/StatusLabel.tsx';
import { Tabs } from '@/ui/Tabs.tsx';
import { ReadOnlyNote } from '@/ui/Tag.tsx';
import { Time } from '@/ui/Time.tsx';
import { deviceQueries } from './deviceQueries.ts';
import { OperationsPanel } from './OperationsPanel.tsx';
import { SettingsForm } from './SettingsForm.tsx';
import { SettingsUnknown } from './SettingsUnknown.tsx';
import { AlarmLimitsTab } from './tabs/AlarmLimitsTab.tsx';
import { LocationTab } from './tabs/LocationTab.tsx';
import { LogScanTab } from './tabs/LogScanTab.tsx';
import { NfcTag } from './tabs/NfcTab.tsx';
import { TableViewTab } from './tabs/TableViewTab.tsx';

/**
 * One unit in device management: its header, the operations panel and the 14 tabs. A
 * Reader sees everything read-only, a User operates, a SuperUser also edits settings (core's roles).
 */
export function DeviceDetail({
  unitId,
  tab,
  onTab,
  onClose,
}: {
  unitId: number;
  tab: DeviceTab;
  onTab: (tab: DeviceTab) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const radarFrom = useOriginState();
  const when = useDateFormat();
  const details = useUnitDetails(unitId);
  const options = useUnitOptions(unitId);
  const settings = useQuery(deviceQueries.settings(unitId));
  const role = useRoleIn(details.data?.organization);
  const { operate, configure } = deviceRights(role);

  if (details.isError)
    return (
      <section className="card device-detail">
        <EmptyState icon={<Radar size={26} />} title={t('devices.unitMissing')}>
          <p>{details.error.message}</p>
          <Button onClick={onClose}>{t('common.close')}</Button>
        </EmptyState>
      </section>
    );
  if (!details.data || !settings.data || !options.data)
    return (
      <section className="card device-detail" aria-busy="true">
        <Skeleton lines={10} />
      </section>
    );
  const unit = details.data;
  const s = settings.data;
  const channels = options.data.channels;
  const form = (name: DeviceTab) => {
    const fields = fieldsOfTab(name);
    return (
      <>
        {fields.every((f) => s[f.name] === null) && <SettingsUnknown unitId={unit.id} canOperate={operate} />}
        <SettingsForm key={name} unitId={unit.id} fields={fields} settings={s} canEdit={configure} canSend={operate} />
      </>
    );
  };
  const panel = () => {
    switch (tab) {
      case 'tableView':
        return <TableViewTab unit={unit} channels={channels} canEdit={configure} />;
      case 'firmware':
        return (
          <dl className="facts">
            <dt>{t('devices.firmwareVersion')}</dt>
            <dd>{unit.firmware ? <Ltr>{unit.firmware}</Ltr> : t('devices.unknown')}</dd>
            <dt>{t('devices.serial')}</dt>
            <dd>
              <Ltr>{unit.serial}</Ltr>
            </dd>
            <dt>{t('devices.type')}</dt>
            <dd>
              <bdi>{unit.type.name || unitTypeName(unit.type.code)}</bdi>
            </dd>
            <dt>{t('devices.lastReport')}</dt>
            <dd>{unit.lastReport ? <Time at={unit.lastReport} /> : t('devices.never')}</dd>
          </dl>
        );
      case 'deviceAlarm':
        return (
          <>
            <AlarmLimitsTab unitId={unit.id} channels={channels} canEdit={configure} />
            <h3 className="tab-section__title">{t('devices.alarmActions')}</h3>
            {form('deviceAlarm')}
          </>
        );
      case 'nfc':
        return (
          <>
            {form('nfc')}
            <NfcTag unitId={unit.id} unitName={unit.name} canEdit={configure} />
          </>
        );
      case 'location':
        return <LocationTab unit={unit} settings={s} canEdit={configure} canSend={operate} />;
      case 'logScan':
        return <LogScanTab unitId={unit.id} />;
      default:
        return form(tab);
    }
  };

  return (
    <section className="device-detail" aria-labelledby="unit-title">
      <header className="card device-detail__head">
        <Button
          variant="ghost"
          className="device-detail__back"
          icon={<ArrowLeft size={16} aria-hidden />}
          onClick={onClose}
        >
          {t('devices.backToList')}
        </Button>
        <div className="device-detail__title">
          <h2 id="unit-title" dir="auto">
            {unit.name}
          </h2>
          <StatusLabel status={unit.status} />
        </div>
        <p className="device-detail__meta">
          {/* User data in its own direction; the serial always reads "#X3-D00200". */}
          <bdi>{unit.type.name || unitTypeName(unit.type.code)}</bdi>
          <Ltr className="device-detail__serial">#{unit.serial}</Ltr>
          {unit.location && <bdi>{unit.location}</bdi>}
          <span>
            {unit.lastReport
              ? t('devices.reported', { time: when.dateTime(unit.lastReport) })
              : t('devices.neverReported')}
          </span>
        </p>
        {unit.groups.length > 0 && (
          <ul className="device-detail__groups" aria-label={t('devices.groups')}>
            {unit.groups.map((g) => (
              <li key={g} className="badge" dir="auto">
                {g}
              </li>
            ))}
          </ul>
        )}
        {options.data.unitGroups.includes('radar') && (
          <Link className="btn btn--ghost device-detail__radar" to={`/radar/${unit.id}`} state={radarFrom}>
            <Radar size={16} aria-hidden /> {t('devices.openRadar')}
          </Link>
        )}
      </header>
      <OperationsPanel unit={unit} relayCount={options.data.relayCount} canOperate={operate} />
      <Tabs
        className="card device-tabs"
        id="device"
        label={t('devices.tabsLabel')}
        tabs={DEVICE_TABS.map((k) => ({ key: k, label: t(`devices.tabs.${k}`) }))}
        active={tab}
        onChange={onTab}
        wrap
      >
        {!configure && tab !== 'logScan' && tab !== 'firmware' && (
          <ReadOnlyNote label={t('devices.readOnly')}>{t('devices.readOnlyHint')}</ReadOnlyNote>
        )}
        {panel()}
      </Tabs>
    </section>
  );
}
