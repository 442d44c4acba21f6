import { type AirStatus, airSeverity, airStatus, type UnitShowValue, worstAir } from '@fieldwatch/core';
import { Angry, Frown, Laugh, type LucideIcon, Meh, Smile, Wind } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Time } from '@/ui/Time.tsx';
import { useCustomerIds } from '../../data.ts';
import type { WidgetProps, WidgetSettingsProps } from '../../widgetTypes.ts';
import { formatNumber, formatRelative, timeOf, useNow } from '../common/format.ts';
import { SensorUnitsField } from '../common/SensorUnitsField.tsx';
import { AIR_QUALITY_SENSOR, unitIdsProp } from '../common/sensorUnits.ts';
import { useSensorScope } from '../common/useSensorScope.ts';
import { Updated, widgetState } from '../common/WidgetState.tsx';
import '../common/kpiLayout.css';
import './airQuality.css';

/** The air symbol of each status: a face from laughing to angry. */
export const AIR_FACES: Record<AirStatus, LucideIcon> = {
  excellent: Laugh,
  neutral: Smile,
  bad: Meh,
  warning: Frown,
  polluted: Angry,
};

/** The air-quality widget's props: which units (none: the link group's or every one in view). */
export const airQualityProps = (p: Readonly<Record<string, unknown>>) => ({ units: unitIdsProp(p.units) });

type Room = { id: number; name: string; value: UnitShowValue | undefined; status: AirStatus | undefined };

/**
 * Air quality (good to very poor): a tile per room with its air symbol, status word, CO₂ and
 * PM2.5, the worst first; the header line sums up the worst status of all of them.
 */
export function AirQualityWidget({ dashboardId, widgetId, widget }: WidgetProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const customers = useCustomerIds();
  const now = useNow();
  const { units: chosen } = airQualityProps(widget.props);

  const { scope, all, values } = useSensorScope(AIR_QUALITY_SENSOR, dashboardId, widgetId, chosen);
  const rooms = useMemo(() => {
    const byUnit = new Map((values.data ?? []).map((v) => [v.UnitID, v]));
    const list: Room[] = scope.units.map((d) => {
      const value = byUnit.get(d.id);
      return { id: d.id, name: d.name, value, status: airStatus({ co2: value?.Values.CO2, pm25: value?.Values.PM25 }) };
    });
    const rank = (r: Room) => (r.status === undefined ? -1 : airSeverity(r.status));
    return list.sort((a, b) => rank(b) - rank(a) || a.name.localeCompare(b.name));
  }, [scope.units, values.data]);

  const state = widgetState({
    customers,
    shape: 'kpi',
    queries: [values, all],
    failed: t('widgets.airQuality.failed'),
    empty: rooms.length === 0 && {
      icon: <Wind size={20} />,
      title: t('widgets.airQuality.empty'),
      text: t(scope.source === 'settings' ? 'widgets.sensors.chosenUnavailable' : 'widgets.airQuality.emptyText'),
    },
  });
  if (state) return state;

  const worst = worstAir(rooms.map((r) => r.status));
  const WorstFace = worst ? AIR_FACES[worst] : Wind;
  return (
    <div className="air" data-worst={worst}>
      <div className="air__summary" data-air={worst}>
        <WorstFace className="air__summary-face" size={28} aria-hidden />
        <div className="air__summary-text">
          <strong className="air__summary-status">
            {worst ? t(`widgets.airQuality.status.${worst}`) : t('widgets.airQuality.noValues')}
          </strong>
          <span className="air__summary-caption">
            {t(
              scope.source === 'all'
                ? 'widgets.airQuality.worstOfAll'
                : scope.source === 'selection'
                  ? 'widgets.airQuality.worstOfSelected'
                  : 'widgets.airQuality.worstOfChosen',
              { count: rooms.length, n: formatNumber(lang, rooms.length) },
            )}
          </span>
        </div>
      </div>
      <ul className="air__rooms">
        {rooms.map((r) => (
          <RoomTile key={r.id} room={r} lang={lang} now={now} />
        ))}
      </ul>
      <div className="kpi__foot air__foot">
        <Updated at={values.dataUpdatedAt} />
      </div>
    </div>
  );
}

function RoomTile({ room, lang, now }: { room: Room; lang: string; now: number }) {
  const { t } = useTranslation();
  const Face = room.status ? AIR_FACES[room.status] : Wind;
  const co2 = room.value?.Values.CO2;
  const pm = room.value?.Values.PM25;
  const at = timeOf(room.value?.LastValueTime);
  return (
    <li className="air-room" data-air={room.status ?? 'none'} data-unit-id={room.id}>
      <div className="air-room__head">
        <Face className="air-room__face" size={22} aria-hidden />
        <span className="air-room__status">
          {room.status ? t(`widgets.airQuality.status.${room.status}`) : t('widgets.airQuality.noValue')}
        </span>
      </div>
      <p className="air-room__name" title={room.name}>
        {room.name}
      </p>
      <dl className="air-room__values">
        <div>
          <dt>{t('widgets.airQuality.co2')}</dt>
          <dd>
            <bdi>{co2 === undefined ? '–' : t('widgets.airQuality.ppm', { value: formatNumber(lang, co2) })}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('widgets.airQuality.pm25')}</dt>
          <dd>
            <bdi>{pm === undefined ? '–' : t('widgets.airQuality.ugm3', { value: formatNumber(lang, pm, 1) })}</bdi>
          </dd>
        </div>
      </dl>
      {at !== undefined && (
        <Time className="air-room__time" at={at}>
          {formatRelative(lang, at, now)}
        </Time>
      )}
    </li>
  );
}

/** Settings: which rooms (none ticked: the link group's selection or every air-quality unit in view). */
export function AirQualitySettings({ props, onChange }: WidgetSettingsProps) {
  const { t } = useTranslation();
  const { units } = airQualityProps(props);
  return (
    <SensorUnitsField
      kind={AIR_QUALITY_SENSOR}
      legend={t('widgets.airQuality.settings.units')}
      value={units}
      onChange={(ids) => onChange({ ...props, units: ids })}
    />
  );
}
