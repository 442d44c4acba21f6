import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '@/ui/Select.tsx';
import { useDevices } from '../../data.ts';
import type { WidgetSettingsProps } from '../../widgetTypes.ts';
import { WEATHER_DAYS_MAX, weatherProps } from '../common/props.ts';
import { SettingsGroup } from '../common/SettingsKit.tsx';

/** Weather: how many past days (1–7) and where: the units' centre (or the link group's unit) or a chosen unit. */
export function WeatherSettings({ props, onChange }: WidgetSettingsProps) {
  const { t } = useTranslation();
  const p = weatherProps(props);
  const devices = useDevices();
  const placed = useMemo(
    () =>
      (devices.data ?? [])
        .filter((d) => d.latitude !== null && d.longitude !== null)
        .sort((a, b) => a.name.localeCompare(b.name)),
    [devices.data],
  );
  const missing = p.unitId !== undefined && !placed.some((d) => d.id === p.unitId);
  return (
    <>
      <SettingsGroup legend={t('widgets.settings.days')}>
        <Select
          label={t('widgets.settings.daysLabel')}
          value={String(p.days)}
          onChange={(e) => onChange({ ...props, days: Number(e.target.value) })}
          options={Array.from({ length: WEATHER_DAYS_MAX }, (_, i) => ({
            value: String(i + 1),
            label: t('widgets.settings.daysOption', { count: i + 1 }),
          }))}
        />
      </SettingsGroup>
      <SettingsGroup legend={t('widgets.settings.position')} help={t('widgets.settings.positionHelp')}>
        <Select
          label={t('widgets.settings.positionLabel')}
          value={p.unitId === undefined ? '' : String(p.unitId)}
          onChange={(e) => onChange({ ...props, unitId: e.target.value ? Number(e.target.value) : undefined })}
          options={[
            { value: '', label: t('widgets.settings.positionCentre') },
            ...(missing ? [{ value: String(p.unitId), label: t('widgets.settings.positionMissing') }] : []),
            ...placed.map((d) => ({ value: String(d.id), label: d.name })),
          ]}
        />
      </SettingsGroup>
    </>
  );
}
