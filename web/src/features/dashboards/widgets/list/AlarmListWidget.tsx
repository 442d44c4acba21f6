import { type Alarm, alarmTypeKey, SELECTABLE_ALARM_TYPES, SEVERITIES, type Severity } from '@fieldwatch/core';
import { ChevronDown, ListFilter, Siren } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlarmSeverity } from '@/lib/alarmSeverities.ts';
import { useDateFormat } from '@/lib/useDateFormat.ts';
import { editDashboard } from '@/stores/dashboards.ts';
import { Menu, MenuCheckItem, MenuContent, MenuItem, MenuLabel, MenuSeparator, MenuTrigger } from '@/ui/Menu.tsx';
import { SeverityChip } from '@/ui/Severity.tsx';
import { TIME_SLOT, Time, TimeIn } from '@/ui/Time.tsx';
import { collatorFor, nextSort, type Sort, type SortValue, sortRows } from '@/ui/table/sorting.ts';
import { type Column, VirtualTable } from '@/ui/table/VirtualTable.tsx';
import { useCustomerIds, useDateRange, useDevices, useFilteredAlarms, useSelectedUnits } from '../../data.ts';
import type { WidgetProps } from '../../widgetTypes.ts';
import { useWidgetColumnWidths } from '../common/columnWidths.ts';
import { formatNumber, timeOf } from '../common/format.ts';
import { alarmListProps } from '../common/props.ts';
import { NoCustomers, Updated, WidgetEmpty, WidgetError, WidgetSkeleton } from '../common/WidgetState.tsx';
import { joinOccurrences } from './alarmOccurrences.ts';
import { toggleAlarmType } from './alarmTypes.ts';
import '../common/list.css';

type Row = {
  /** The latest raise of a fault; `count` raises since `since` joined this row. */
  alarm: Alarm;
  count: number;
  since: number;
  severity: Severity;
  time: number | undefined;
  unit: string;
  typeName: string;
};

const byTime = (r: Row): SortValue => r.time;
const SORT_VALUES: Record<string, (r: Row) => SortValue> = {
  time: byTime,
  severity: (r) => SEVERITIES.indexOf(r.severity),
  unit: (r) => r.unit,
  type: (r) => r.typeName,
  text: (r) => r.alarm.AlarmEventText,
};

/**
 * Unit alarm list (alarms dashboard): the dashboard's alarms since the start of the date
 * interval, newest first, in a windowed table: status (communication errors are problems), time,
 * unit, alarm type and text. The widget's own alarm-type choice (settings.alarmTypes, limited to
 * the selectable types) narrows it further; a row selects its unit for the link group.
 */
export function AlarmListWidget({ dashboardId, widgetId, widget }: WidgetProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const when = useDateFormat();
  const customers = useCustomerIds();
  const alarms = useFilteredAlarms(dashboardId);
  const devices = useDevices();
  const { start } = useDateRange();
  const [selected, setSelected] = useSelectedUnits(dashboardId, widgetId);
  const [sort, setSort] = useState<Sort>({ key: 'time', dir: 'desc' });
  const widths = useWidgetColumnWidths({ dashboardId, widgetId, widget });
  const { alarmTypes: types, rows: maxRows } = useMemo(
    () => alarmListProps(widget.props, widget.settings),
    [widget.props, widget.settings],
  );

  const names = useMemo(() => new Map((devices.data ?? []).map((d) => [d.id, d.name])), [devices.data]);
  const orgOf = useMemo(() => new Map((devices.data ?? []).map((d) => [d.id, d.organization])), [devices.data]);
  const severityOf = useAlarmSeverity();
  const rows = useMemo(() => {
    const wanted = new Set(types);
    const shown = alarms.data.filter((a) => wanted.size === 0 || wanted.has(a.AlarmType));
    // One fault, one row: raises of one unit, channel and type within the join window, as events join.
    const list: Row[] = joinOccurrences(shown, (a) => timeOf(a.AlarmEventTime)).map(({ alarm, count, since }) => ({
      alarm,
      count,
      since,
      severity: severityOf(orgOf.get(alarm.UnitID), alarm.AlarmType),
      time: timeOf(alarm.AlarmEventTime),
      unit: names.get(alarm.UnitID) ?? t('widgets.alarmList.unit', { id: alarm.UnitID }),
      typeName: t(alarmTypeKey(alarm.AlarmType)),
    }));
    const newest = (a: Row, b: Row) => (b.time ?? 0) - (a.time ?? 0) || b.alarm.AlarmID - a.alarm.AlarmID;
    // The widget's row setting keeps the newest alarms only.
    const kept = list.length > maxRows ? [...list].sort(newest).slice(0, maxRows) : list;
    return sortRows(kept, SORT_VALUES[sort.key] ?? byTime, sort.dir, collatorFor(lang), newest);
  }, [alarms.data, types, maxRows, names, orgOf, severityOf, sort, lang, t]);

  const selectedSet = useMemo(() => new Set(selected ?? []), [selected]);
  const setTypes = (next: number[]) =>
    editDashboard(dashboardId, (d) => {
      const w = d.widgets[widgetId];
      if (!w) return d;
      // The choice lives in the widget's props (shared with its settings form); the older place is cleared.
      const { alarmTypes: _old, ...settings } = w.settings;
      return {
        ...d,
        widgets: { ...d.widgets, [widgetId]: { ...w, settings, props: { ...w.props, alarmTypes: next } } },
      };
    });

  if (customers.length === 0) return <NoCustomers />;
  if (alarms.isPending) return <WidgetSkeleton shape="list" />;
  if (alarms.isError && alarms.data.length === 0) {
    return (
      <WidgetError title={t('widgets.alarmList.failed')} error={alarms.error} onRetry={() => void alarms.refetch()} />
    );
  }

  const columns: Column<Row>[] = [
    {
      key: 'severity',
      header: t('severity.name'),
      width: 96,
      sortable: true,
      firstDir: 'desc',
      // The severity the alarm type has in its unit's organization: word, colour and explanation.
      cell: (r) => <SeverityChip severity={r.severity} />,
      title: (r) => t(`severity.explain.${r.severity}`),
    },
    {
      key: 'type',
      header: t('widgets.alarmList.type'),
      sortable: true,
      cell: (r) => <span className="vt__ellipsis">{r.typeName}</span>,
      title: (r) => r.typeName,
    },
    {
      key: 'time',
      header: t('widgets.alarmList.time'),
      width: 112,
      sortable: true,
      firstDir: 'desc',
      cell: (r) => (r.time === undefined ? r.alarm.AlarmEventTime : <Time at={r.time} form="dayTime" />),
      title: (r) => (r.time === undefined ? undefined : when.dateTime(r.time)),
    },
    {
      key: 'unit',
      header: t('widgets.alarmList.unitName'),
      sortable: true,
      cell: (r) => <span className="vt__strong">{r.unit}</span>,
      title: (r) => r.unit,
    },
    {
      key: 'text',
      header: t('widgets.alarmList.text'),
      minWidth: 560,
      fit: 'text',
      sortable: true,
      cell: (r) => (
        <span className="vt__muted">
          {r.count > 1 && (
            <span className="wlist__repeat">
              {t('notifications.occurrences', { count: r.count, since: when.dateTime(r.since) })}
              {' · '}
            </span>
          )}
          {r.alarm.AlarmEventText}
        </span>
      ),
      title: (r) => r.alarm.AlarmEventText,
    },
  ];

  const filtered = types.length > 0;
  return (
    <div className="wlist">
      <div className="wlist__bar">
        <Menu>
          <MenuTrigger asChild>
            <button type="button" className="chip wlist__types" aria-pressed={filtered}>
              <ListFilter size={13} aria-hidden />
              <span className="wlist__types-text">
                {filtered
                  ? types.length === 1
                    ? t(alarmTypeKey(types[0] ?? 0))
                    : t('widgets.alarmList.someTypes', { count: types.length })
                  : t('widgets.alarmList.allTypes')}
              </span>
              <ChevronDown size={13} aria-hidden />
            </button>
          </MenuTrigger>
          <MenuContent align="start">
            <MenuLabel>{t('widgets.alarmList.typesLabel')}</MenuLabel>
            <MenuItem onSelect={() => setTypes([])}>
              {t('widgets.alarmList.allTypes')}
              {!filtered && <span className="menu__check">✓</span>}
            </MenuItem>
            <MenuSeparator />
            {SELECTABLE_ALARM_TYPES.map((type) => (
              <MenuCheckItem
                key={type}
                checked={types.includes(type)}
                onCheckedChange={() => setTypes(toggleAlarmType(types, type))}
                keepOpen
              >
                {t(alarmTypeKey(type))}
              </MenuCheckItem>
            ))}
          </MenuContent>
        </Menu>
        <span className="wlist__bar-note">
          <TimeIn text={t('widgets.alarmList.since', { date: TIME_SLOT })} at={start} form="date" />
        </span>
      </div>
      <VirtualTable
        label={t(`widgetTypes.${widget.component}.name`)}
        rows={rows}
        rowKey={(r) => r.alarm.AlarmID}
        columns={columns}
        {...widths}
        sort={sort}
        onSort={(key) => setSort((s) => nextSort(s, key, columns.find((c) => c.key === key)?.firstDir))}
        isSelected={(r) => selectedSet.has(r.alarm.UnitID)}
        multi={false}
        onSelect={(r) => {
          const id = r.alarm.UnitID;
          setSelected(selected?.length === 1 && selected[0] === id ? [] : [id]);
        }}
        empty={
          <div className="wlist__empty">
            <WidgetEmpty
              icon={<Siren size={20} />}
              title={t('widgets.alarmList.empty')}
              text={t(filtered ? 'widgets.alarmList.emptyTypesText' : 'widgets.alarmList.emptyText')}
            />
          </div>
        }
      />
      <footer className="wlist__foot">
        <span className="wlist__count">
          {t('widgets.alarmList.count', {
            count: alarms.data.length,
            shown: formatNumber(lang, rows.length),
            total: formatNumber(lang, alarms.data.length),
          })}
        </span>
        <Updated at={alarms.dataUpdatedAt} />
      </footer>
    </div>
  );
}
