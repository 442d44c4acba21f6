import { SERIES } from '@fieldwatch/core';
import { useTranslation } from 'react-i18next';
import type { WidgetSettingsProps } from '../../widgetTypes.ts';
import { chartProps, SERIES_KEYS } from '../common/props.ts';
import { Check, CheckList, SettingsGroup } from '../common/SettingsKit.tsx';

const unitOf = new Map(SERIES.map((s) => [s.key, s.unit]));

/** Chart: the series shown when a unit's chart opens (none ticked: the chart's own choice) and y axes from zero. */
export function ChartSettings({ props, onChange }: WidgetSettingsProps) {
  const { t } = useTranslation();
  const p = chartProps(props);
  return (
    <>
      <SettingsGroup legend={t('widgets.settings.defaultSeries')} help={t('widgets.settings.defaultSeriesHelp')}>
        <div className="settings-scroll">
          <CheckList
            columns
            value={p.series}
            onChange={(series) => onChange({ ...props, series })}
            options={SERIES_KEYS.map((k) => ({
              value: k,
              label: t(`chart.series.${k}`),
              hint: unitOf.get(k) || undefined,
            }))}
          />
        </div>
      </SettingsGroup>
      <SettingsGroup legend={t('widgets.settings.axes')}>
        <Check
          label={t('widgets.settings.yFromZero')}
          checked={p.yFromZero}
          onChange={(yFromZero) => onChange({ ...props, yFromZero })}
        />
      </SettingsGroup>
    </>
  );
}
