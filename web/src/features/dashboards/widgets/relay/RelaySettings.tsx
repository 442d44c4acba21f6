import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { relaySettingsQuery } from '@/lib/relay/relayApi.ts';
import { Select } from '@/ui/Select.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { useDevices } from '../../data.ts';
import type { WidgetSettingsProps } from '../../widgetTypes.ts';
import { relaySettings } from './relaySettings.ts';
import { isRelayUnit } from './relayUnits.ts';
import '../common/settingsForm.css';

/** Outputs assumed while the chosen unit's state is unknown (the demo's DNIL units have 4). */
const DEFAULT_OUTPUTS = 4;

/** The relay widget's settings: which relay unit, a label per output, confirm before switching. */
export function RelaySettings({ props, onChange }: WidgetSettingsProps) {
  const { t } = useTranslation();
  const devices = useDevices();
  const settings = relaySettings(props);
  const units = useMemo(
    () => (devices.data ?? []).filter(isRelayUnit).sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
    [devices.data],
  );
  const relay = useQuery(relaySettingsQuery(settings.unitId));
  const count = relay.data?.state?.length || settings.labels.length || DEFAULT_OUTPUTS;
  const set = (patch: Partial<typeof settings>) => onChange({ ...props, ...settings, ...patch });
  const setLabel = (i: number, text: string) => {
    const labels = Array.from({ length: Math.max(count, settings.labels.length) }, (_, j) => settings.labels[j] ?? '');
    labels[i] = text;
    set({ labels });
  };

  return (
    <div className="wsettings">
      <Select
        label={t('widgets.relay.settings.unit')}
        value={settings.unitId === null ? '' : String(settings.unitId)}
        onChange={(e) => set({ unitId: e.target.value ? Number(e.target.value) : null })}
        options={[
          { value: '', label: t('widgets.relay.settings.linked') },
          ...units.map((u) => ({ value: String(u.id), label: u.location ? `${u.name} · ${u.location}` : u.name })),
          ...(settings.unitId !== null && !units.some((u) => u.id === settings.unitId)
            ? [{ value: String(settings.unitId), label: t('widgets.relay.unavailable'), disabled: true }]
            : []),
        ]}
      />
      <fieldset className="wsettings__group">
        <legend className="wsettings__legend">{t('widgets.relay.settings.labels')}</legend>
        <div className="wsettings__labels">
          {Array.from({ length: count }, (_, i) => (
            <TextField
              // biome-ignore lint/suspicious/noArrayIndexKey: outputs are positions
              key={i}
              label={t('widgets.relay.output', { n: i + 1 })}
              value={settings.labels[i] ?? ''}
              maxLength={60}
              placeholder={t('widgets.relay.output', { n: i + 1 })}
              onChange={(e) => setLabel(i, e.target.value)}
            />
          ))}
        </div>
      </fieldset>
      <label className="wsettings__check">
        <input type="checkbox" checked={settings.confirm} onChange={(e) => set({ confirm: e.target.checked })} />
        {t('widgets.relay.settings.confirm')}
      </label>
    </div>
  );
}
