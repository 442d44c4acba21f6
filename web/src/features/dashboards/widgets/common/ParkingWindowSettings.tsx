import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/ui/TextField.tsx';
import type { WidgetSettingsProps } from '../../widgetTypes.ts';
import { minutesOf, parkingProps } from './props.ts';
import { SettingsGroup } from './SettingsKit.tsx';

/** The daily window the parking figures count (parking statistics, parking list); a reversed or invalid one is not saved. */
export function ParkingWindowSettings({ props, onChange }: WidgetSettingsProps) {
  const { t } = useTranslation();
  const p = parkingProps(props);
  const [start, setStart] = useState(p.windowStart);
  const [stop, setStop] = useState(p.windowStop);
  const a = minutesOf(start);
  const b = minutesOf(stop);
  const error =
    a === undefined || b === undefined
      ? t('widgets.settings.windowInvalid')
      : a >= b
        ? t('widgets.settings.windowOrder')
        : undefined;
  const update = (nextStart: string, nextStop: string) => {
    setStart(nextStart);
    setStop(nextStop);
    const x = minutesOf(nextStart);
    const y = minutesOf(nextStop);
    if (x !== undefined && y !== undefined && x < y)
      onChange({ ...props, windowStart: nextStart, windowStop: nextStop });
  };
  return (
    <SettingsGroup legend={t('widgets.settings.window')} help={t('widgets.settings.windowHelp')}>
      <div className="settings-row">
        <TextField
          label={t('widgets.settings.windowStart')}
          type="time"
          value={start}
          onChange={(e) => update(e.target.value, stop)}
        />
        <TextField
          label={t('widgets.settings.windowStop')}
          type="time"
          value={stop}
          error={error}
          onChange={(e) => update(start, e.target.value)}
        />
      </div>
    </SettingsGroup>
  );
}
