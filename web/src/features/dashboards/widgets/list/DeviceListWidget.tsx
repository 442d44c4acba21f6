import {
  type Device,
  formatMeasure,
  isParkingType,
  STATUS_SEVERITY,
  type UnitForecast,
  unitTypeName,
} from '@fieldwatch/core';
import { Car, List, SquareParking, TrendingDown, X } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { daysUntil, forecastSentence } from '@/lib/forecasts.ts';
import { useDateFormat } from '@/lib/useDateFormat.ts';
import { IconButton } from '@/ui/Button.tsx';
import { StatusLabel } from '@/ui/StatusLabel.tsx';
import { Time } from '@/ui/Time.tsx';
import { selectionState, selectRow, toggleAll } from '@/ui/table/selection.ts';
import { collatorFor, nextSort, type Sort, type SortValue, sortRows } from '@/ui/table/sorting.ts';
import { type Column, VirtualTable } from '@/ui/table/VirtualTable.tsx';
import {
  useCustomerIds,
  useDateRange,
  useDevices,
  useFilteredDevices,
  useForecasts,
  useSelectedUnits,
  useShowValues,
} from '../../data.ts';
import type { WidgetProps } from '../../widgetTypes.ts';
import { useWidgetColumnWidths } from '../common/columnWidths.ts';
import { formatNumber, formatPercent, formatRelative, timeOf, useNow } from '../common/format.ts';
import { deviceListProps, parkingProps } from '../common/props.ts';
import { useParkingUsage } from '../common/reportApi.ts';
import { NoCustomers, Updated, WidgetEmpty, WidgetError, WidgetSkeleton } from '../common/WidgetState.tsx';
import '../common/list.css';

const isParkingDevice = (d: Device) => isParkingType(d.type.code);

type Row = {
  device: Device;
  typeName: string;
  /** The name's place in the language's order (see useNameRank). */
  nameRank: number;
  last: number | undefined;
  occupied: number | undefined;
  usage: number | undefined;
  /** The unit's soonest forecast crossing. */
  forecast: UnitForecast | undefined;
};

const byStatus = (r: Row): SortValue => STATUS_SEVERITY[r.device.status];
const SORT_VALUES: Record<string, (r: Row) => SortValue> = {
  status: byStatus,
  // A blank name stays missing (last), as the name itself would be.
  name: (r) => (r.device.name === '' ? undefined : r.nameRank),
  type: (r) => r.typeName,
  location: (r) => r.device.location,
  lastReport: (r) => r.last,
  occupancy: (r) => r.occupied,
  usage: (r) => r.usage,
  forecast: (r) => (r.forecast ? Date.parse(r.forecast.expectedAt) : undefined),
};

/** The last name order computed, shared by every unit list (see useNameRank). */
let nameRanks: { lang: string; rank: Map<string, number> } | undefined;

/**
 * Each unit name's place in the language's collation order (names the collator calls equal share
 * a place). Sorting 10,000 rows by collator compares took about 150 ms, and live updates change
 * the list every second; names rarely change, so the order is kept while every name is known,
 * also for the next list to open (a dashboard opened again sorted every name anew).
 */
function useNameRank(devices: readonly Device[], lang: string): ReadonlyMap<string, number> {
  return useMemo(() => {
    const known = nameRanks;
    if (known?.lang === lang && devices.every((d) => known.rank.has(d.name))) return known.rank;
    const collator = collatorFor(lang);
    const names = [...new Set(devices.map((d) => d.name))].sort(collator.compare);
    const rank = new Map<string, number>();
    let place = 0;
    names.forEach((name, i) => {
      if (i > 0 && collator.compare(names[i - 1] as string, name) !== 0) place = i;
      rank.set(name, place);
    });
    nameRanks = { lang, rank };
    return rank;
  }, [devices, lang]);
}

/**
 * Unit list and parking list (units, telemetry and parking dashboards): the dashboard's
 * filtered units in a dense, windowed table (status first), sortable by every column. A click
 * selects the unit for the link group (map and chart follow); with `props.multiSelect` rows toggle
 * and shift-click adds a range. The parking list shows only parking sensors, with their occupancy.
 */
export function DeviceListWidget({ dashboardId, widgetId, widget }: WidgetProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const when = useDateFormat();
  const parking = widget.component === 'parkingList';
  const { columns: shownColumns, multiSelect: multi } = useMemo(
    () => deviceListProps(widget.props, parking),
    [widget.props, parking],
  );
  const showUsage = parking && shownColumns.includes('usage');
  const customers = useCustomerIds();
  const all = useDevices();
  const devices = useFilteredDevices(dashboardId, parking ? isParkingDevice : undefined);
  const values = useShowValues();
  const [selected, setSelected] = useSelectedUnits(dashboardId, widgetId);
  const [sort, setSort] = useState<Sort>({ key: 'status', dir: 'desc' });
  const widths = useWidgetColumnWidths({ dashboardId, widgetId, widget });
  const anchor = useRef<number | undefined>(undefined);
  const now = useNow();

  // Only a parking list reads the latest values; live values arrive every second and must not
  // re-sort a unit list that does not show them.
  const parkingValues = parking ? values.data : undefined;
  const occupiedById = useMemo(() => {
    const m = new Map<number, number>();
    for (const v of parkingValues ?? []) if (v.Values.Occupied !== undefined) m.set(v.UnitID, v.Values.Occupied);
    return m;
  }, [parkingValues]);
  const nameRank = useNameRank(devices.data, lang);
  const showForecast = !parking && shownColumns.includes('forecast');
  const forecasts = useForecasts(showForecast).soonest;

  // Parking: each bay's occupancy within the daily window over the dashboard's range.
  const range = useDateRange();
  const parkingIds = useMemo(
    () => (showUsage ? devices.data.map((d) => d.id).sort((a, b) => a - b) : []),
    [showUsage, devices.data],
  );
  const usageWindow = parkingProps(widget.props);
  const usageReport = useParkingUsage(parkingIds, range, usageWindow);
  const usageById = useMemo(
    () =>
      new Map((usageReport.data?.Units ?? []).map((u) => [u.UnitID, u.WindowMinutes > 0 ? u.Occupancy : undefined])),
    [usageReport.data],
  );

  const rows = useMemo(() => {
    const list: Row[] = devices.data.map((device) => ({
      device,
      typeName: device.type.name || unitTypeName(device.type.code),
      nameRank: nameRank.get(device.name) ?? 0,
      last: timeOf(device.lastReport),
      occupied: occupiedById.get(device.id),
      usage: usageById.get(device.id),
      forecast: forecasts.get(device.id),
    }));
    const byName = (a: Row, b: Row) => a.nameRank - b.nameRank || a.device.id - b.device.id;
    return sortRows(list, SORT_VALUES[sort.key] ?? byStatus, sort.dir, collatorFor(lang), byName);
  }, [devices.data, nameRank, occupiedById, usageById, forecasts, sort, lang]);

  const order = useMemo(() => rows.map((r) => r.device.id), [rows]);
  const selectedIds = selected ?? [];
  const selectedSet = useMemo(() => new Set(selected ?? []), [selected]);
  const total = useMemo(
    () => (parking ? (all.data ?? []).filter(isParkingDevice).length : (all.data?.length ?? 0)),
    [parking, all.data],
  );

  if (customers.length === 0) return <NoCustomers />;
  if (devices.isPending) return <WidgetSkeleton shape="list" />;
  if (devices.isError && !all.data) {
    return (
      <WidgetError
        title={t('widgets.deviceList.failed')}
        error={devices.error}
        onRetry={() => void devices.refetch()}
      />
    );
  }
  if (parking && total === 0) {
    return (
      <WidgetEmpty
        icon={<SquareParking size={20} />}
        title={t('widgets.parkingStatistics.empty')}
        text={t('widgets.parkingStatistics.emptyText')}
      />
    );
  }

  const allColumns: Column<Row>[] = [
    {
      key: 'status',
      header: t('widgets.deviceList.status'),
      width: 88,
      sortable: true,
      firstDir: 'desc',
      cell: (r) => <StatusLabel status={r.device.status} />,
    },
    {
      key: 'name',
      header: t('widgets.deviceList.name'),
      sortable: true,
      cell: (r) => <span className="vt__strong">{r.device.name}</span>,
      title: (r) => r.device.name,
    },
    ...(parking
      ? [
          {
            key: 'occupancy',
            header: t('widgets.parkingList.occupancy'),
            width: 100,
            sortable: true,
            firstDir: 'desc' as const,
            cell: (r: Row) => <Occupancy value={r.occupied} />,
          },
          {
            key: 'usage',
            header: t('widgets.parkingList.usage', {
              start: usageWindow.windowStart,
              stop: usageWindow.windowStop,
            }),
            width: 96,
            minWidth: 360,
            align: 'end' as const,
            sortable: true,
            firstDir: 'desc' as const,
            cell: (r: Row) =>
              r.usage === undefined ? <span className="vt__muted">–</span> : formatPercent(lang, r.usage),
            title: () =>
              t('widgets.parkingList.usageHelp', { start: usageWindow.windowStart, stop: usageWindow.windowStop }),
          },
        ]
      : [
          {
            key: 'type',
            header: t('widgets.deviceList.type'),
            width: 72,
            minWidth: 680,
            sortable: true,
            cell: (r: Row) => r.typeName,
          },
        ]),
    {
      key: 'location',
      header: t('widgets.deviceList.location'),
      minWidth: parking ? 640 : 560,
      fit: 'text',
      sortable: true,
      cell: (r) => r.device.location || <span className="vt__muted">–</span>,
      title: (r) => r.device.location || undefined,
    },
    {
      key: 'forecast',
      header: t('widgets.deviceList.forecast'),
      width: 136,
      minWidth: 440,
      sortable: true,
      worded: true,
      cell: (r) => (r.forecast ? <Forecast forecast={r.forecast} now={now} /> : <span className="vt__muted">–</span>),
      title: (r) => (r.forecast ? forecastSentence(r.forecast, now, lang, t) : undefined),
    },
    {
      key: 'lastReport',
      header: t('widgets.deviceList.lastReport'),
      width: 100,
      minWidth: parking ? 440 : undefined,
      align: 'end',
      sortable: true,
      firstDir: 'desc',
      cell: (r) =>
        r.last === undefined ? (
          <span className="vt__muted">{t('widgets.deviceList.never')}</span>
        ) : (
          <Time at={r.last}>{formatRelative(lang, r.last, now)}</Time>
        ),
      title: (r) => (r.last === undefined ? undefined : when.dateTime(r.last)),
    },
  ];

  const columns = allColumns.filter((c) => c.key === 'name' || (shownColumns as string[]).includes(c.key));

  const onSelect = (row: Row, opts: { shift: boolean }) => {
    const result = selectRow(selectedIds, order, row.device.id, { multi, shift: opts.shift, anchor: anchor.current });
    anchor.current = result.anchor;
    setSelected(result.selected);
  };
  const noun = parking ? 'widgets.parkingList.count' : 'widgets.deviceList.count';

  return (
    <div className="wlist">
      <VirtualTable
        label={t(`widgetTypes.${widget.component}.name`)}
        rows={rows}
        rowKey={(r) => r.device.id}
        columns={columns}
        {...widths}
        sort={sort}
        onSort={(key) => setSort((s) => nextSort(s, key, columns.find((c) => c.key === key)?.firstDir))}
        isSelected={(r) => selectedSet.has(r.device.id)}
        multi={multi}
        onSelect={onSelect}
        allState={selectionState(selectedSet, order)}
        onToggleAll={() => setSelected(toggleAll(selectedIds, order))}
        selectAllLabel={t('widgets.deviceList.selectAll')}
        revealKey={selectedIds.length === 1 ? selectedIds[0] : undefined}
        empty={
          <div className="wlist__empty">
            <WidgetEmpty
              icon={parking ? <SquareParking size={20} /> : <List size={20} />}
              title={t('widget.noUnits')}
              text={t('widget.noUnitsText')}
            />
          </div>
        }
      />
      <footer className="wlist__foot">
        <span className="wlist__count">
          {t(noun, { count: total, shown: formatNumber(lang, rows.length), total: formatNumber(lang, total) })}
        </span>
        {selectedIds.length > 0 && (
          <span className="wlist__selected">
            {t('widgets.deviceList.selected', {
              count: selectedIds.length,
              n: formatNumber(lang, selectedIds.length),
            })}
            <IconButton
              label={t('widgets.deviceList.clearSelection')}
              className="wlist__clear"
              onClick={() => setSelected([])}
            >
              <X size={12} aria-hidden />
            </IconButton>
          </span>
        )}
        <Updated at={devices.dataUpdatedAt} />
      </footer>
    </div>
  );
}

/** The soonest crossing, short: "10 MΩ in 3 days", marked when it is within the warning time. */
function Forecast({ forecast, now }: { forecast: UnitForecast; now: number }) {
  const { t, i18n } = useTranslation();
  const unit = forecast.channel === 0 ? 'V' : 'MΩ';
  return (
    <span className={forecast.warned ? 'forecast forecast--warned' : 'forecast'}>
      <TrendingDown size={13} aria-hidden />
      {t('widgets.deviceList.forecastCell', {
        count: daysUntil(forecast, now),
        limit: formatMeasure(i18n.language, forecast.limit, unit),
      })}
    </span>
  );
}

function Occupancy({ value }: { value: number | undefined }) {
  const { t } = useTranslation();
  if (value === undefined) return <span className="vt__muted">–</span>;
  return value >= 0.5 ? (
    <span className="occupancy">
      <Car size={13} aria-hidden />
      {t('widgets.parkingList.occupied')}
    </span>
  ) : (
    <span className="occupancy occupancy--free">{t('widgets.parkingList.free')}</span>
  );
}
