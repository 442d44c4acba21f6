import { useTranslation } from 'react-i18next';
import type { WidgetSettingsProps } from '../../widgetTypes.ts';
import { MAP_VIEWS, mapProps } from '../common/props.ts';
import { Check, Choice, SettingsGroup } from '../common/SettingsKit.tsx';

/** Unit, alarm and parking maps: clusters, the status legend, and where the map opens. */
export function MapSettings({ props, onChange }: WidgetSettingsProps) {
  const { t } = useTranslation();
  const p = mapProps(props);
  return (
    <>
      <SettingsGroup legend={t('widgets.settings.display')}>
        <Check
          label={t('widgets.settings.cluster')}
          checked={p.cluster}
          onChange={(cluster) => onChange({ ...props, cluster })}
        />
        <Check
          label={t('widgets.settings.legend')}
          checked={p.legend}
          onChange={(legend) => onChange({ ...props, legend })}
        />
      </SettingsGroup>
      <SettingsGroup legend={t('widgets.settings.initialView')} help={t('widgets.settings.initialViewHelp')}>
        <Choice
          value={p.initialView}
          onChange={(initialView) => onChange({ ...props, initialView })}
          options={MAP_VIEWS.map((v) => ({ value: v, label: t(`widgets.settings.view.${v}`) }))}
        />
      </SettingsGroup>
    </>
  );
}
