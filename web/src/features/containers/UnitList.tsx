import type { Device } from '@fieldwatch/core';
import { GripVertical } from 'lucide-react';
import { type DragEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusDot } from '@/ui/StatusLabel.tsx';
import { TextField } from '@/ui/TextField.tsx';

export const DRAG_TYPE = 'application/x-fieldwatch-units';

/** The dragged units: the row's own, or every checked unit when the row is one of them. */
const dragUnits = (e: DragEvent, ids: readonly number[]) => e.dataTransfer.setData(DRAG_TYPE, JSON.stringify(ids));
export const droppedUnits = (e: DragEvent): number[] => {
  try {
    const ids = JSON.parse(e.dataTransfer.getData(DRAG_TYPE) || '[]');
    return Array.isArray(ids) ? ids.filter((n) => Number.isInteger(n)) : [];
  } catch {
    return [];
  }
};

/**
 * Units with a check box each (the keyboard way to move them) that can also be dragged onto a
 * container; searchable by name, location and group.
 */
export function UnitList({
  label,
  units,
  groupsOf,
  checked,
  onChecked,
  movable,
  empty,
}: {
  label: string;
  units: readonly Device[];
  groupsOf: (id: number) => string[];
  checked: ReadonlySet<number>;
  onChecked: (next: Set<number>) => void;
  movable: boolean;
  empty: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return q
      ? units.filter((u) => [u.name, u.location, ...groupsOf(u.id)].some((s) => s.toLowerCase().includes(q)))
      : units;
  }, [units, search, groupsOf]);
  const allChecked = shown.length > 0 && shown.every((u) => checked.has(u.id));
  const toggle = (id: number, on: boolean) => {
    const next = new Set(checked);
    if (on) next.add(id);
    else next.delete(id);
    onChecked(next);
  };
  return (
    <div className="unit-list">
      {units.length > 8 && (
        <TextField
          label={t('containers.searchUnits')}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      )}
      {shown.length === 0 ? (
        <p className="muted unit-list__empty">{units.length ? t('containers.noMatch') : empty}</p>
      ) : (
        <>
          {movable && (
            <label className="unit-list__all">
              <input
                type="checkbox"
                checked={allChecked}
                onChange={(e) => {
                  const next = new Set(checked);
                  for (const u of shown) {
                    if (e.target.checked) next.add(u.id);
                    else next.delete(u.id);
                  }
                  onChecked(next);
                }}
              />
              {t('containers.checkAll', { count: shown.length })}
            </label>
          )}
          <ul className="unit-list__rows" aria-label={label}>
            {shown.map((u) => {
              const groups = groupsOf(u.id);
              return (
                <li
                  key={u.id}
                  className="unit-row"
                  draggable={movable}
                  onDragStart={(e) => dragUnits(e, checked.has(u.id) ? [...checked] : [u.id])}
                >
                  {movable && <GripVertical size={14} className="unit-row__grip" aria-hidden />}
                  {movable ? (
                    <label className="unit-row__main">
                      <input
                        type="checkbox"
                        checked={checked.has(u.id)}
                        onChange={(e) => toggle(u.id, e.target.checked)}
                      />
                      <UnitText unit={u} groups={groups} />
                    </label>
                  ) : (
                    <span className="unit-row__main">
                      <UnitText unit={u} groups={groups} />
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}

/** A unit's name, and under it where it is and the groups holding it. */
const UnitText = ({ unit, groups }: { unit: Device; groups: string[] }) => (
  <>
    <StatusDot status={unit.status} />
    <span className="unit-row__text">
      <span className="unit-row__name">{unit.name}</span>
      <span className="unit-row__meta" title={groups.join(', ')}>
        {[unit.location, groups.join(', ')].filter(Boolean).join(' · ')}
      </span>
    </span>
  </>
);
