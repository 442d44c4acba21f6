import { type MapUnit, STATUS_SEVERITY } from '@fieldwatch/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NumbersTable, TableToggle } from '@/ui/NumbersTable.tsx';
import { devicesQuery } from '../../queries.ts';

/** The units as a table instead of the map, on demand: name, status and position. */
export function useMapTable(units: MapUnit[], customers: number[], refreshKey: number) {
  const { t, i18n } = useTranslation();
  const [asTable, setAsTable] = useState(false);
  const tableId = useId();
  const mapToggleRef = useRef<HTMLButtonElement>(null);
  const tableToggleRef = useRef<HTMLDivElement>(null);
  const showTable = (open: boolean) => {
    setAsTable(open);
    // Focus follows the switch: to the table's way back, or to the map's table button.
    requestAnimationFrame(() =>
      open ? tableToggleRef.current?.querySelector('button')?.focus() : mapToggleRef.current?.focus(),
    );
  };
  const coordinate = useMemo(
    () => new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 5, maximumFractionDigits: 5 }),
    [i18n.language],
  );
  // The table names its units: the device list is read when the table opens.
  const named = useQuery({ ...devicesQuery(customers, refreshKey), enabled: asTable && customers.length > 0 });
  const nameOf = useMemo(() => new Map(named.data?.map((d) => [d.id, d.name])), [named.data]);
  const tableRows = useMemo(
    () =>
      asTable
        ? units
            .map((u) => ({ u, name: nameOf.get(u.id) ?? String(u.id) }))
            .sort((a, b) => STATUS_SEVERITY[b.u.status] - STATUS_SEVERITY[a.u.status] || a.name.localeCompare(b.name))
            .map(({ u, name }) => [name, t(`status.${u.status}`), coordinate.format(u.lat), coordinate.format(u.lng)])
        : [],
    [asTable, units, nameOf, t, coordinate],
  );
  return { asTable, showTable, tableId, tableRows, mapToggleRef, tableToggleRef };
}

/** The map's units as a table, with the way back to the map. */
export function MapTable({ table }: { table: ReturnType<typeof useMapTable> }) {
  const { t } = useTranslation();
  const { showTable, tableId, tableRows, tableToggleRef } = table;
  return (
    <div className="unit-map__table">
      <div ref={tableToggleRef} className="unit-map__table-head">
        <TableToggle open onChange={showTable} controls={tableId} back="map" />
      </div>
      <NumbersTable
        id={tableId}
        caption={t('common.mapTable')}
        columns={[
          { label: t('common.tableUnit') },
          { label: t('common.tableStatus') },
          { label: t('common.tableLatitude'), numeric: true },
          { label: t('common.tableLongitude'), numeric: true },
        ]}
        rows={tableRows}
      />
    </div>
  );
}
