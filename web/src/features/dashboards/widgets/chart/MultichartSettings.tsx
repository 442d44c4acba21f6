import './multichart.css';
import { seriesByColumn } from '@fieldwatch/core';
import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { seriesName } from '@/i18n/seriesName.ts';
import { Button, IconButton } from '@/ui/Button.tsx';
import { Select } from '@/ui/Select.tsx';
import { useDevices } from '../../data.ts';
import { type UnitColumn, unitColumnsQuery } from '../../queries.ts';
import type { WidgetSettingsProps } from '../../widgetTypes.ts';
import { type DraftSeries, draftUnits, MAX_SERIES, MAX_UNITS, readDraft, writeMultichartProps } from './multichart.ts';

/**
 * The multichart's settings: a list of series (a unit the user can see and a column it reports),
 * up to ten units, and whether the units selected in the link group are added.
 */
export function MultichartSettings({ props, onChange }: WidgetSettingsProps) {
  const { t } = useTranslation();
  const devices = useDevices();
  const draft = readDraft(props);
  const follow = props.followLinkGroup === true;
  const units = useMemo(
    () => [...(devices.data ?? [])].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
    [devices.data],
  );
  const chosen = draftUnits(draft);
  const unitsFull = chosen.length >= MAX_UNITS;

  const save = (next: DraftSeries[], nextFollow = follow) => onChange(writeMultichartProps(props, next, nextFollow));
  const setRow = (i: number, row: DraftSeries) => save(draft.map((r, j) => (j === i ? row : r)));
  const add = () => {
    const last = draft[draft.length - 1];
    save([...draft, { unitId: last?.unitId ?? null, column: '' }]);
  };

  return (
    <div className="mchart-settings">
      <fieldset className="mchart-settings__group">
        <legend className="mchart-settings__legend">{t('widgets.multichart.settings.series')}</legend>
        {draft.length === 0 ? (
          <p className="mchart-settings__help">{t('widgets.multichart.settings.none')}</p>
        ) : (
          <ol className="mchart-settings__rows">
            {draft.map((row, i) => (
              <SeriesRow
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the list
                key={i}
                index={i}
                row={row}
                units={units}
                loadingUnits={devices.isPending}
                // Past the tenth unit only the units already chosen can be picked.
                allowed={(id) => !unitsFull || chosen.includes(id)}
                onChange={(next) => setRow(i, next)}
                onRemove={() => save(draft.filter((_, j) => j !== i))}
              />
            ))}
          </ol>
        )}
        <div className="mchart-settings__add">
          <Button icon={<Plus size={16} aria-hidden />} onClick={add} disabled={draft.length >= MAX_SERIES}>
            {t('widgets.multichart.settings.add')}
          </Button>
          <span className="mchart-settings__help">
            {t('widgets.multichart.settings.limit', { count: MAX_UNITS, used: chosen.length })}
          </span>
        </div>
      </fieldset>
      <label className="mchart-settings__check">
        <input type="checkbox" checked={follow} onChange={(e) => save(draft, e.target.checked)} />
        <span>
          {t('widgets.multichart.settings.follow')}
          <span className="mchart-settings__help">{t('widgets.multichart.settings.followHint')}</span>
        </span>
      </label>
    </div>
  );
}

function SeriesRow({
  index,
  row,
  units,
  loadingUnits,
  allowed,
  onChange,
  onRemove,
}: {
  index: number;
  row: DraftSeries;
  units: { id: number; name: string; location: string }[];
  loadingUnits: boolean;
  allowed: (unitId: number) => boolean;
  onChange: (row: DraftSeries) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const columns = useQuery(unitColumnsQuery(row.unitId));
  const label = (c: UnitColumn) => (c.unit ? `${seriesName(t, c)} (${c.unit})` : seriesName(t, c));

  const unitOptions = [
    { value: '', label: loadingUnits ? t('common.loading') : t('widgets.multichart.settings.chooseUnit') },
    ...units.map((u) => ({
      value: String(u.id),
      label: u.location ? `${u.name} · ${u.location}` : u.name,
      disabled: !allowed(u.id),
    })),
    ...(row.unitId !== null && !units.some((u) => u.id === row.unitId)
      ? [{ value: String(row.unitId), label: t('chart.unitFallback', { id: row.unitId }), disabled: true }]
      : []),
  ];
  const known = columns.data ?? [];
  const current = row.column && !known.some((c) => c.column === row.column) ? seriesByColumn(row.column) : undefined;
  const columnOptions = [
    {
      value: '',
      label:
        row.unitId === null
          ? t('widgets.multichart.settings.unitFirst')
          : columns.isPending
            ? t('common.loading')
            : columns.isError
              ? t('widgets.multichart.settings.columnsFailed')
              : known.length === 0
                ? t('widgets.multichart.settings.noColumns')
                : t('widgets.multichart.settings.chooseColumn'),
    },
    ...known.map((c) => ({ value: c.column, label: label(c) })),
    ...(current ? [{ value: current.column, label: label(current) }] : []),
  ];

  return (
    <li className="mchart-settings__row">
      <Select
        className="mchart-settings__unit"
        label={t('widgets.multichart.settings.unit', { n: index + 1 })}
        value={row.unitId === null ? '' : String(row.unitId)}
        options={unitOptions}
        onChange={(e) => onChange({ unitId: e.target.value ? Number(e.target.value) : null, column: '' })}
      />
      <Select
        className="mchart-settings__column"
        label={t('widgets.multichart.settings.column', { n: index + 1 })}
        value={row.column}
        options={columnOptions}
        disabled={row.unitId === null}
        onChange={(e) => onChange({ ...row, column: e.target.value })}
      />
      <IconButton
        className="mchart-settings__remove"
        label={t('widgets.multichart.settings.remove', { n: index + 1 })}
        onClick={onRemove}
      >
        <Trash2 size={16} aria-hidden />
      </IconButton>
    </li>
  );
}
