import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/ui/Button.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { useDevices, useShowValues } from '../../data.ts';
import { Check, SettingsGroup } from './SettingsKit.tsx';
import { type SensorKind, sensorUnits } from './sensorUnits.ts';
import './sensorUnits.css';

/**
 * The units a sensor widget shows, chosen by hand: the user's sensors of the kind, searchable by
 * name or location; none ticked means the link group's selection or every sensor in view.
 */
export function SensorUnitsField({
  kind,
  value,
  onChange,
  legend,
  single,
}: {
  kind: SensorKind;
  value: readonly number[];
  onChange: (ids: number[]) => void;
  legend: string;
  /** At most one unit (ticking one unticks the other). */
  single?: boolean;
}) {
  const { t } = useTranslation();
  const devices = useDevices();
  const values = useShowValues();
  const [search, setSearch] = useState('');
  const units = useMemo(() => sensorUnits(kind, devices.data ?? [], values.data), [kind, devices.data, values.data]);
  const needle = search.trim().toLowerCase();
  const shown = needle
    ? units.filter((u) => `${u.name} ${u.location} ${u.serial}`.toLowerCase().includes(needle))
    : units;
  const chosen = new Set(value);
  const toggle = (id: number, on: boolean) => {
    if (single) onChange(on ? [id] : []);
    else onChange(on ? [...value, id] : value.filter((v) => v !== id));
  };
  const unknown = value.filter((id) => !units.some((u) => u.id === id));

  return (
    <SettingsGroup legend={legend} help={t(single ? 'widgets.sensors.unitsHelpSingle' : 'widgets.sensors.unitsHelp')}>
      {units.length > 8 && (
        <TextField
          label={t('widgets.sensors.search')}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      )}
      <div className="settings-scroll sensor-units" data-testid="sensor-units">
        {devices.isPending ? (
          <p className="settings-help">{t('common.loading')}</p>
        ) : shown.length === 0 ? (
          <p className="settings-help">{t(needle ? 'widgets.sensors.noMatch' : 'widgets.sensors.noUnits')}</p>
        ) : (
          shown.map((u) => (
            <Check
              key={u.id}
              label={u.name}
              hint={u.location || undefined}
              checked={chosen.has(u.id)}
              onChange={(on) => toggle(u.id, on)}
            />
          ))
        )}
      </div>
      <div className="sensor-units__foot">
        <span className="settings-help">
          {value.length === 0 ? t('widgets.sensors.automatic') : t('widgets.sensors.chosen', { count: value.length })}
          {unknown.length > 0 && ` · ${t('widgets.sensors.unavailable', { count: unknown.length })}`}
        </span>
        {value.length > 0 && (
          <Button variant="ghost" onClick={() => onChange([])}>
            {t('widgets.sensors.clear')}
          </Button>
        )}
      </div>
    </SettingsGroup>
  );
}
