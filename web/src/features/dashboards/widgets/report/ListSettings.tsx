import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { seriesName } from '@/i18n/seriesName.ts';
import { TextField } from '@/ui/TextField.tsx';
import { useFilteredDevices } from '../../data.ts';
import type { WidgetSettingsProps } from '../../widgetTypes.ts';
import { Check, CheckList, Choice, SettingsGroup } from '../common/SettingsKit.tsx';
import { listProps, MAX_COLUMNS, REPORT_STATS, SERIES_COLUMNS } from './reportMath.ts';

/** Units shown at once in the chooser; the search narrows a larger fleet. */
const CHOOSER_MAX = 200;

/** The list's settings: which units, which series (columns) and which statistics. */
export function ListSettings({ dashboardId, props, onChange }: WidgetSettingsProps) {
  const { t } = useTranslation();
  const current = listProps(props);
  const devices = useFilteredDevices(dashboardId);
  const [search, setSearch] = useState('');
  const chosen = new Set(current.units ?? []);
  const [mode, setMode] = useState<'auto' | 'chosen'>(current.units ? 'chosen' : 'auto');
  const set = (patch: Record<string, unknown>) => onChange({ ...props, ...patch });

  const matches = useMemo(() => {
    const q = search.trim().toLocaleLowerCase();
    return devices.data.filter(
      (d) => !q || d.name.toLocaleLowerCase().includes(q) || d.location.toLocaleLowerCase().includes(q),
    );
  }, [devices.data, search]);

  const toggleUnit = (id: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    set({ units: [...next].sort((a, b) => a - b) });
  };
  const columnsFull = current.columns.length >= MAX_COLUMNS;

  return (
    <>
      <SettingsGroup legend={t('widgets.list.settings.units')}>
        <Choice
          value={mode}
          onChange={(m) => {
            setMode(m);
            if (m === 'auto') set({ units: undefined });
          }}
          options={[
            { value: 'auto', label: t('widgets.list.settings.unitsAuto') },
            { value: 'chosen', label: t('widgets.list.settings.unitsChosen') },
          ]}
        />
        {mode === 'chosen' && (
          <>
            <TextField
              label={t('widgets.list.settings.search')}
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              help={t('widgets.list.settings.chosenCount', { count: chosen.size })}
            />
            <div className="settings-scroll settings-list settings-list--columns">
              {matches.slice(0, CHOOSER_MAX).map((d) => (
                <Check key={d.id} label={d.name} checked={chosen.has(d.id)} onChange={(on) => toggleUnit(d.id, on)} />
              ))}
              {matches.length > CHOOSER_MAX && (
                <p className="settings-help">
                  {t('widgets.list.settings.more', { count: matches.length - CHOOSER_MAX })}
                </p>
              )}
            </div>
          </>
        )}
      </SettingsGroup>
      <SettingsGroup
        legend={t('widgets.list.settings.columns')}
        help={t('widgets.list.settings.columnsHelp', { max: MAX_COLUMNS })}
      >
        <div className="settings-scroll settings-list settings-list--columns">
          {SERIES_COLUMNS.map((s) => {
            const on = current.columns.includes(s.column);
            return (
              <Check
                key={s.column}
                label={seriesName(t, s)}
                hint={s.unit || undefined}
                checked={on}
                disabled={on ? current.columns.length <= 1 : columnsFull}
                onChange={(c) =>
                  set({
                    columns: c ? [...current.columns, s.column] : current.columns.filter((x) => x !== s.column),
                  })
                }
              />
            );
          })}
        </div>
      </SettingsGroup>
      <SettingsGroup legend={t('widgets.list.settings.stats')} help={t('widgets.list.settings.statsHelp')}>
        <CheckList
          columns
          min={1}
          value={current.stats}
          onChange={(stats) => set({ stats })}
          options={REPORT_STATS.map((s) => ({ value: s, label: t(`widgets.list.stat.${s}`) }))}
        />
      </SettingsGroup>
    </>
  );
}
