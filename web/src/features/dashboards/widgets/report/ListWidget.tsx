import { Download, Table } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { seriesName } from '@/i18n/seriesName.ts';
import { formatQuantity } from '@/i18n/values.ts';
import { downloadCsv } from '@/lib/csv.ts';
import { useDateFormat } from '@/lib/useDateFormat.ts';
import { Value } from '@/ui/Bidi.tsx';
import { Button } from '@/ui/Button.tsx';
import { collatorFor, nextSort, type Sort, type SortValue, sortRows } from '@/ui/table/sorting.ts';
import { type Column, VirtualTable } from '@/ui/table/VirtualTable.tsx';
import { useCustomerIds, useDateRange, useFilteredDevices, useSelectedUnits } from '../../data.ts';
import type { WidgetProps } from '../../widgetTypes.ts';
import { useWidgetColumnWidths } from '../common/columnWidths.ts';
import { formatNumber } from '../common/format.ts';
import { useTableReport } from '../common/reportApi.ts';
import { Updated, WidgetEmpty, widgetState } from '../common/WidgetState.tsx';
import {
  cellValue,
  csvNumber,
  decimalsOf,
  listProps,
  type ReportColumn,
  reportColumns,
  reportUnits,
} from './reportMath.ts';
import '../common/list.css';
import './report.css';

type Row = { unitId: number; unitName: string; values: Record<string, number | undefined> };

const NAME_WIDTH = 168;
/** A value column wide enough for its header (12 px text, the sort icon), within bounds. */
const valueWidth = (header: string) => Math.min(200, Math.max(96, Math.round(header.length * 6.8) + 36));

/**
 * List (the TableReport call): a table report over the dashboard's date range. Per unit
 * (the chosen ones, else the link group's selection, else all in view) and chosen series, the
 * chosen statistics (newest value, min, max, mean, count) with their physical units; every column
 * sorts, and the table as shown downloads as CSV.
 */
export function ListWidget({ dashboardId, widgetId, widget }: WidgetProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const dates = useDateFormat();
  const customers = useCustomerIds();
  const props = useMemo(() => listProps(widget.props), [widget.props]);
  const devices = useFilteredDevices(dashboardId);
  const [selected] = useSelectedUnits(dashboardId, widgetId);
  const range = useDateRange();
  const inView = useMemo(() => devices.data.map((d) => d.id), [devices.data]);
  const units = useMemo(() => reportUnits(props.units, selected, inView), [props.units, selected, inView]);
  const [sort, setSort] = useState<Sort>({ key: 'name', dir: 'asc' });
  const widths = useWidgetColumnWidths({ dashboardId, widgetId, widget });

  const report = useTableReport(units.ids, props.columns, range);

  const cols = useMemo(() => reportColumns(props.columns, props.stats), [props.columns, props.stats]);
  const rows = useMemo(() => {
    const list: Row[] = (report.data?.rows ?? []).map((r) => ({
      unitId: r.unitId,
      unitName: r.unitName,
      values: Object.fromEntries(cols.map((c) => [c.key, cellValue(r, c)])),
    }));
    const collator = collatorFor(lang);
    const byName = (a: Row, b: Row) => collator.compare(a.unitName, b.unitName) || a.unitId - b.unitId;
    const value = (r: Row): SortValue => (sort.key === 'name' ? r.unitName : r.values[sort.key]);
    return sortRows(list, value, sort.dir, collator, byName);
  }, [report.data, cols, sort, lang]);

  const header = (c: ReportColumn) => {
    const name = seriesName(t, c.series);
    return props.stats.length === 1 ? name : t('widgets.list.header', { name, stat: t(`widgets.list.stat.${c.stat}`) });
  };
  const unitOf = (c: ReportColumn) => (c.stat === 'count' ? '' : c.series.unit);
  const show = (v: number | undefined, c: ReportColumn) =>
    v === undefined ? undefined : formatQuantity(lang, v, unitOf(c), { digits: decimalsOf(c.stat) });

  const failed = t('widgets.list.failed');
  const listed = widgetState({
    customers,
    shape: 'list',
    queries: [devices],
    failed,
    empty: units.ids.length === 0 && {
      icon: <Table size={20} />,
      title: t('widget.noUnits'),
      text: t(units.source === 'chosen' ? 'widgets.list.chosenGoneText' : 'widget.noUnitsText'),
    },
  });
  if (listed) return listed;
  const state = widgetState({ customers, shape: 'list', queries: [report], failed });
  if (state) return state;

  const columns: Column<Row>[] = [
    {
      key: 'name',
      header: t('widgets.list.unit'),
      width: NAME_WIDTH,
      sortable: true,
      cell: (r) => <span className="vt__strong">{r.unitName}</span>,
      title: (r) => r.unitName,
    },
    ...cols.map(
      (c): Column<Row> => ({
        key: c.key,
        header: header(c),
        width: valueWidth(header(c)),
        align: 'end',
        sortable: true,
        firstDir: 'desc',
        cell: (r) =>
          r.values[c.key] === undefined ? (
            <span className="vt__muted">–</span>
          ) : (
            <Value value={r.values[c.key]} unit={unitOf(c)} digits={decimalsOf(c.stat)} />
          ),
        title: (r) =>
          r.values[c.key] === undefined ? t('widgets.list.noData') : `${header(c)}: ${show(r.values[c.key], c)}`,
      }),
    ),
  ];

  const download = () => {
    const head = [
      t('widgets.list.unit'),
      ...cols.map((c) => (c.series.unit && c.stat !== 'count' ? `${header(c)} (${c.series.unit})` : header(c))),
    ];
    const body = rows.map((r) => [r.unitName, ...cols.map((c) => csvNumber(r.values[c.key], decimalsOf(c.stat)))]);
    downloadCsv(widget.name || t('widgetTypes.list.name'), [head, ...body]);
  };

  const rangeText = t('widgets.list.range', {
    start: dates.date(range.start),
    end: dates.date(range.end),
  });
  return (
    <div
      className="wlist wreport"
      style={
        {
          '--report-min': `${NAME_WIDTH + cols.reduce((n, c) => n + valueWidth(header(c)), 0)}px`,
        } as React.CSSProperties
      }
    >
      <div className="wlist__bar">
        <span className="wreport__scope">
          {t(`widgets.list.scope.${units.source}`, {
            count: units.ids.length,
            n: formatNumber(lang, units.ids.length),
          })}
        </span>
        <span className="wlist__bar-note" title={rangeText}>
          {rangeText}
        </span>
        <Button
          variant="ghost"
          className="wreport__csv"
          icon={<Download size={14} aria-hidden />}
          onClick={download}
          disabled={rows.length === 0}
          title={t('widgets.list.csvHelp')}
        >
          {t('widgets.list.csv')}
        </Button>
      </div>
      <VirtualTable
        label={widget.name || t('widgetTypes.list.name')}
        rows={rows}
        rowKey={(r) => r.unitId}
        columns={columns}
        {...widths}
        sort={sort}
        onSort={(key) => setSort((s) => nextSort(s, key, columns.find((c) => c.key === key)?.firstDir))}
        isSelected={() => false}
        multi={false}
        onSelect={() => {}}
        empty={
          <div className="wlist__empty">
            <WidgetEmpty icon={<Table size={20} />} title={t('widget.noUnits')} text={t('widget.noUnitsText')} />
          </div>
        }
      />
      <footer className="wlist__foot">
        <Updated at={report.dataUpdatedAt} />
      </footer>
    </div>
  );
}
