import {
  type AccessLevel,
  ALARM_TYPES,
  alarmTypeKey,
  asFilterable,
  type Device,
  emptyFilter,
  filterUnits,
  OPERATIONS,
  type Operation,
  SELECTABLE_ALARM_TYPES,
  STATUS_SEVERITY,
  tagUrl,
  UNIT_STATUSES,
  unitTypeName,
} from '@fieldwatch/core';
import { Download, Nfc, X } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { downloadCsv } from '@/lib/csv.ts';
import { toast } from '@/lib/toast.ts';
import { deviceRights, useUserStore } from '@/stores/user.ts';
import { Button, IconButton } from '@/ui/Button.tsx';
import { Chip } from '@/ui/Chip.tsx';
import { Select } from '@/ui/Select.tsx';
import { StatusLabel } from '@/ui/StatusLabel.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { Time } from '@/ui/Time.tsx';
import { selectionState, selectRow, toggleAll } from '@/ui/table/selection.ts';
import { collatorFor, nextSort, type Sort, type SortValue, sortRows } from '@/ui/table/sorting.ts';
import { type Column, VirtualTable } from '@/ui/table/VirtualTable.tsx';
import { devicesApi, tagHostApi } from './devicesApi.ts';

const SORT_VALUES: Record<string, (d: Device) => SortValue> = {
  status: (d) => STATUS_SEVERITY[d.status],
  name: (d) => d.name,
  serial: (d) => d.serial,
  type: (d) => d.type.name || unitTypeName(d.type.code),
  location: (d) => d.location,
  groups: (d) => d.groups.join(', '),
  lastReport: (d) => (d.lastReport ? Date.parse(d.lastReport) : undefined),
};

/**
 * Every unit the user may see in one windowed table: search, the status, type and alarm type
 * filters, sorting by each column, multi-select with bulk operations, and CSV export of
 * the rows as filtered. A unit's name opens it.
 */
export function DeviceTable({ devices, openId }: { devices: readonly Device[]; openId: number | null }) {
  const { t, i18n } = useTranslation();
  const customers = useUserStore((s) => s.accessResponse?.Customers ?? []);
  const [filter, setFilter] = useState(emptyFilter);
  const [sort, setSort] = useState<Sort>({ key: 'status', dir: 'desc' });
  const [selected, setSelected] = useState<number[]>([]);
  const anchor = useRef<number | undefined>(undefined);
  const types = useMemo(() => [...new Set(devices.map((d) => d.type.code))].sort((a, b) => a - b), [devices]);
  const rows = useMemo(() => {
    const shown = filterUnits(devices.map(asFilterable), filter, unitTypeName).map((u) => u.device);
    const collator = collatorFor(i18n.language);
    return sortRows(
      shown,
      SORT_VALUES[sort.key] ?? (SORT_VALUES.status as (d: Device) => SortValue),
      sort.dir,
      collator,
      (a, b) => collator.compare(a.name, b.name),
    );
  }, [devices, filter, sort, i18n.language]);
  const order = useMemo(() => rows.map((d) => d.id), [rows]);
  const selectedSet = useMemo(() => new Set(selected), [selected]);

  const operable = (d: Device) =>
    deviceRights(customers.find((c) => c.CustomerID === d.organization)?.RoleID as AccessLevel | undefined).operate;
  const runOnSelected = async (operation: Operation) => {
    const chosen = devices.filter((d) => selectedSet.has(d.id));
    const allowed = chosen.filter(operable);
    const results = await Promise.allSettled(allowed.map((d) => devicesApi.run(d.id, operation)));
    const failed = results.filter((r) => r.status === 'rejected').length + (chosen.length - allowed.length);
    toast(
      t('devices.bulkRequested', {
        count: allowed.length - results.filter((r) => r.status === 'rejected').length,
        name: t(`devices.operations.${operation}`),
      }),
      failed ? 'warning' : 'success',
    );
    if (chosen.length > allowed.length) toast(t('devices.noAuthority'), 'warning');
  };
  const configuresAny = customers.some((c) => deviceRights(c.RoleID as AccessLevel).configure);
  /** Every NFC tag the user may configure, with its onboarding link: for label printers. */
  const exportTags = async () => {
    const tags = await tagHostApi.list().catch(() => null);
    if (!tags) return toast(t('devices.nfc.tagFailed'), 'danger');
    downloadCsv(t('devices.nfc.exportLinks'), [
      [t('devices.col.name'), t('devices.col.serial'), t('devices.nfc.uuid'), t('devices.nfc.link')],
      ...tags.map((g) => [g.name, g.serial, g.tag_uuid, tagUrl(window.location.origin, g.tag_uuid)]),
    ]);
  };
  const exportCsv = () =>
    downloadCsv(t('pages.devicemanagement'), [
      [
        t('devices.col.status'),
        t('devices.col.name'),
        t('devices.col.serial'),
        t('devices.col.type'),
        t('devices.col.location'),
        t('devices.col.groups'),
        t('devices.col.lastReport'),
        t('devices.firmwareVersion'),
      ],
      ...(selected.length ? rows.filter((d) => selectedSet.has(d.id)) : rows).map((d) => [
        t(`status.${d.status}`),
        d.name,
        d.serial,
        d.type.name || unitTypeName(d.type.code),
        d.location,
        d.groups.join(', '),
        d.lastReport ?? '',
        d.firmware,
      ]),
    ]);

  const columns: Column<Device>[] = [
    {
      key: 'status',
      header: t('devices.col.status'),
      width: 104,
      sortable: true,
      firstDir: 'desc',
      cell: (d) => <StatusLabel status={d.status} />,
    },
    {
      key: 'name',
      header: t('devices.col.name'),
      sortable: true,
      cell: (d) => (
        <Link
          className="vt__strong device-link"
          to={`?unit=${d.id}`}
          aria-current={d.id === openId ? 'true' : undefined}
          onClick={(e) => e.stopPropagation()}
        >
          {d.name}
        </Link>
      ),
      title: (d) => d.name,
    },
    {
      key: 'serial',
      header: t('devices.col.serial'),
      width: 110,
      minWidth: 720,
      sortable: true,
      cell: (d) => d.serial,
    },
    {
      key: 'type',
      header: t('devices.col.type'),
      width: 90,
      minWidth: 560,
      sortable: true,
      cell: (d) => d.type.name || unitTypeName(d.type.code),
    },
    {
      key: 'location',
      header: t('devices.col.location'),
      minWidth: 900,
      sortable: true,
      cell: (d) => d.location,
      title: (d) => d.location,
    },
    {
      key: 'groups',
      header: t('devices.col.groups'),
      minWidth: 1100,
      sortable: true,
      cell: (d) => d.groups.join(', '),
      title: (d) => d.groups.join(', '),
    },
    {
      key: 'lastReport',
      header: t('devices.col.lastReport'),
      width: 150,
      minWidth: 820,
      sortable: true,
      firstDir: 'desc',
      cell: (d) =>
        d.lastReport ? <Time at={d.lastReport} /> : <span className="vt__muted">{t('devices.never')}</span>,
    },
  ];
  const statusOn = (s: (typeof UNIT_STATUSES)[number]) => filter.unitStatus[s];

  return (
    <div className="card device-table">
      <div className="device-table__bar">
        <TextField
          label={t('devices.search')}
          type="search"
          value={filter.textSearch}
          placeholder={t('devices.searchPlaceholder')}
          onChange={(e) => setFilter({ ...filter, textSearch: e.target.value })}
        />
        <Select
          label={t('filter.unitType')}
          value={filter.unitTypes[0]?.UnitTypes ?? ''}
          onChange={(e) => setFilter({ ...filter, unitTypes: e.target.value ? [{ UnitTypes: e.target.value }] : [] })}
          options={[
            { value: '', label: t('filter.allTypes') },
            ...types.map((c) => ({ value: String(c), label: unitTypeName(c) || String(c) })),
          ]}
        />
        <Select
          label={t('filter.alarmType')}
          value={String(filter.alarmTypes[0] ?? '')}
          onChange={(e) => setFilter({ ...filter, alarmTypes: e.target.value ? [e.target.value] : [] })}
          options={[
            { value: '', label: t('filter.allAlarmTypes') },
            ...SELECTABLE_ALARM_TYPES.filter((a) => ALARM_TYPES[a]).map((a) => ({
              value: String(a),
              label: t(alarmTypeKey(a)),
            })),
          ]}
        />
        <fieldset className="chip-group device-table__status" aria-label={t('filter.status')}>
          {UNIT_STATUSES.map((s) => (
            <Chip
              key={s}
              pressed={statusOn(s)}
              onClick={() => setFilter({ ...filter, unitStatus: { ...filter.unitStatus, [s]: !statusOn(s) } })}
            >
              <span className={`status-dot status-dot--${s}`} aria-hidden />
              {t(`status.${s}`)}
            </Chip>
          ))}
        </fieldset>
        <Button icon={<Download size={16} aria-hidden />} onClick={exportCsv} className="device-table__export">
          {t(selected.length ? 'devices.exportSelected' : 'devices.export')}
        </Button>
        {configuresAny && (
          <Button variant="ghost" icon={<Nfc size={16} aria-hidden />} onClick={() => void exportTags()}>
            {t('devices.nfc.exportLinks')}
          </Button>
        )}
      </div>
      {selected.length > 0 && (
        <section className="device-table__bulk" aria-label={t('devices.bulkLabel')}>
          <span>{t('devices.selected', { count: selected.length })}</span>
          <Select
            label={t('devices.runOnSelected')}
            hideLabel
            value=""
            onChange={(e) => e.target.value && void runOnSelected(e.target.value as Operation)}
            options={[
              { value: '', label: t('devices.runOnSelected') },
              ...OPERATIONS.filter((o) => o !== 'purge_data').map((o) => ({
                value: o,
                label: t(`devices.operations.${o}`),
              })),
            ]}
          />
          <IconButton label={t('devices.clearSelection')} onClick={() => setSelected([])}>
            <X size={16} />
          </IconButton>
        </section>
      )}
      <div className="device-table__rows">
        <VirtualTable
          label={t('pages.devicemanagement')}
          rows={rows}
          rowKey={(d) => d.id}
          columns={columns}
          sort={sort}
          onSort={(key) => setSort(nextSort(sort, key, columns.find((c) => c.key === key)?.firstDir))}
          isSelected={(d) => selectedSet.has(d.id)}
          multi
          onSelect={(d, { shift }) => {
            const result = selectRow(selected, order, d.id, { multi: true, shift, anchor: anchor.current });
            anchor.current = result.anchor;
            setSelected(result.selected);
          }}
          allState={selectionState(selectedSet, order)}
          onToggleAll={() => setSelected(toggleAll(selected, order))}
          selectAllLabel={t('devices.selectAll')}
          revealKey={openId ?? undefined}
          empty={<p className="device-table__empty muted">{t('devices.noMatch')}</p>}
        />
      </div>
      <p className="device-table__count muted" aria-live="polite">
        {t('devices.count', { count: devices.length, shown: rows.length, total: devices.length })}
      </p>
    </div>
  );
}
