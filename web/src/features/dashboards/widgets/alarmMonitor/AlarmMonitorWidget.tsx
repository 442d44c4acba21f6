import { alarmTypeKey, type Device, SEVERITY_TABLE } from '@fieldwatch/core';
import { BellOff } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlarmSeverity } from '@/lib/alarmSeverities.ts';
import { onLive } from '@/lib/live.ts';
import { SeverityChip } from '@/ui/Severity.tsx';
import { Time } from '@/ui/Time.tsx';
import { useAlarms, useCustomerIds, useDevices } from '../../data.ts';
import type { WidgetProps } from '../../widgetTypes.ts';
import { useNow } from '../common/format.ts';
import { Updated, widgetState } from '../common/WidgetState.tsx';
import { beep } from './beep.ts';
import {
  ageParts,
  fromAlarm,
  fromLive,
  type MonitorAlarm,
  monitorAlarms,
  monitorSettings,
  shouldBeep,
} from './monitorMath.ts';
import './alarmMonitor.css';

/** A live alarm stays highlighted this long. */
const HIGHLIGHT_MS = 10_000;
/** How many of the newest alarms are shown large. */
const LARGE = 3;

/**
 * Alarm monitor (a control-room view): the active alarms, newest large (translated type, unit,
 * location, time and an age counting up), older ones smaller below. Alarms arriving on the live
 * socket appear at once, highlighted briefly, with an optional beep; cleared alarms leave.
 */
export function AlarmMonitorWidget({ widget }: WidgetProps) {
  const { t } = useTranslation();
  const customers = useCustomerIds();
  const alarms = useAlarms();
  const devices = useDevices();
  const settings = useMemo(() => monitorSettings(widget.props), [widget.props]);
  const now = useNow(1000);

  // Live alarms until the alarm list has them, the ids cleared since, and when each new one arrived.
  const [live, setLive] = useState<ReadonlyMap<number, MonitorAlarm>>(new Map());
  const [cleared, setCleared] = useState<ReadonlySet<number>>(new Set());
  const [arrived, setArrived] = useState<ReadonlyMap<number, number>>(new Map());
  const soundRef = useRef(settings.sound);
  soundRef.current = settings.sound;
  const typesRef = useRef(settings.types);
  typesRef.current = settings.types;

  useEffect(
    () =>
      onLive((e) => {
        if (e.kind !== 'alarm') return;
        const a = fromLive(e);
        if (!a) return;
        if (a.cleared) {
          setCleared((s) => new Set(s).add(a.id));
          return;
        }
        setLive((m) => new Map(m).set(a.id, a));
        setArrived((m) => new Map(m).set(a.id, Date.now()));
        const shown = typesRef.current.length === 0 || typesRef.current.includes(a.type);
        if (shown && shouldBeep(soundRef.current, document.hidden)) beep();
      }),
    [],
  );

  const byId = useMemo(() => new Map((devices.data ?? []).map((d) => [d.id, d])), [devices.data]);
  const list = useMemo(() => {
    const all = new Map<number, MonitorAlarm>();
    for (const a of alarms.data ?? []) all.set(a.AlarmID, fromAlarm(a));
    for (const [id, a] of live) if (!all.has(id)) all.set(id, a);
    const activeTypes = new Map((devices.data ?? []).map((d) => [d.id, d.alarmTypes]));
    return monitorAlarms(all.values(), activeTypes, cleared, settings.types, settings.count);
  }, [alarms.data, live, devices.data, cleared, settings]);

  const state = widgetState({
    customers,
    shape: 'list',
    queries: [alarms, devices],
    failed: t('widgets.alarmMonitor.failed'),
    empty: list.length === 0 && {
      icon: <BellOff size={20} />,
      title: t('widgets.alarmMonitor.empty'),
      text: t(settings.types.length > 0 ? 'widgets.alarmMonitor.emptyTypesText' : 'widgets.alarmMonitor.emptyText'),
    },
  });
  if (state) return state;

  const isNew = (a: MonitorAlarm) => now - (arrived.get(a.id) ?? 0) < HIGHLIGHT_MS;
  const large = list.slice(0, LARGE);
  const small = list.slice(LARGE);
  return (
    <div className="amon">
      <ol className="amon__large" aria-label={t('widgets.alarmMonitor.newest')}>
        {large.map((a) => (
          <MonitorCard key={a.id} alarm={a} unit={byId.get(a.unitId)} now={now} fresh={isNew(a)} size="large" />
        ))}
      </ol>
      {small.length > 0 && (
        <ol className="amon__small" aria-label={t('widgets.alarmMonitor.older')}>
          {small.map((a) => (
            <MonitorCard key={a.id} alarm={a} unit={byId.get(a.unitId)} now={now} fresh={isNew(a)} size="small" />
          ))}
        </ol>
      )}
      <footer className="amon__foot">
        <span>{t('widgets.alarmMonitor.count', { count: list.length })}</span>
        <Updated at={alarms.dataUpdatedAt} />
      </footer>
    </div>
  );
}

function MonitorCard({
  alarm,
  unit,
  now,
  fresh,
  size,
}: {
  alarm: MonitorAlarm;
  unit: Device | undefined;
  now: number;
  fresh: boolean;
  size: 'large' | 'small';
}) {
  const { t } = useTranslation();
  // The severity the alarm type has in the unit's organization (its word, colour and explanation).
  const severity = useAlarmSeverity()(unit?.organization, alarm.type);
  const typeName = t(alarmTypeKey(alarm.type));
  const age = ageParts(now - alarm.time);
  const ageText = age.days > 0 ? t('widgets.alarmMonitor.ageDays', { count: age.days, clock: age.clock }) : age.clock;
  const time = new Date(alarm.time);
  return (
    <li
      className={`amon__item amon__item--${size}`}
      data-status={SEVERITY_TABLE[severity].color}
      data-severity={severity}
      data-new={fresh || undefined}
      data-alarm-id={alarm.id}
    >
      <div className="amon__type">
        <SeverityChip severity={severity} />
        <span className="amon__type-name">{typeName}</span>
        {fresh && <span className="amon__new">{t('widgets.alarmMonitor.new')}</span>}
      </div>
      <div className="amon__unit">
        <span className="amon__unit-name">{unit?.name ?? t('widgets.alarmList.unit', { id: alarm.unitId })}</span>
        {unit?.location && <span className="amon__location">{unit.location}</span>}
      </div>
      <div className="amon__when">
        <Time at={time} form="dayTime" />
        <span className="amon__age" title={t('widgets.alarmMonitor.ageTitle')}>
          {ageText}
        </span>
      </div>
    </li>
  );
}
