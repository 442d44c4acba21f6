import {
  type AlarmFinding,
  AlarmType,
  BATTERY_FORECAST,
  DAY_MS,
  DEFAULT_ALARM_SETTINGS,
  fallingCrossing,
  INSULATION_FORECAST,
  limitsOfChannel,
  type Reading,
  seriesByColumn,
} from '@fieldwatch/core';
import type { Db } from '../../db/db.ts';
import type { LiveEvent, LivePublisher } from '../../live/bus.ts';
import { applyFindingsOfUnits, type Governed, type UnitFindings } from '../alarms/alarms.service.ts';
import { dailyMinima, type ForecastUnit, hourlyMeans, type SeriesReading, unitsAfter } from './forecasts.repository.ts';

/** A forecast crossing within this long is raised as a warning event (docs/analytics.md). */
export const FORECAST_WARNING_DAYS = 7;
/** Units read per round: a round's readings stay a few hundred thousand rows. */
const UNITS_PER_ROUND = 250;

const CHANNELS = [1, 2, 3, 4];
const resistanceSeries = CHANNELS.map((ch) => seriesByColumn(`Resistance${ch}`)?.id ?? -1);
const batterySeries = seriesByColumn('BatteryVoltage')?.id ?? -1;

/** Readings of one unit's series, by unit and series, as the forecast reads them. */
function byUnitAndSeries(rows: readonly SeriesReading[]) {
  const out = new Map<string, Reading[]>();
  for (const r of rows) {
    const key = `${r.unit_id}:${r.series}`;
    const list = out.get(key) ?? [];
    if (list.length === 0) out.set(key, list);
    list.push({ t: r.t.getTime(), v: r.v });
  }
  return out;
}

/** What the forecasts of one unit say about its two forecast alarms, per channel. */
function findingsOf(unit: ForecastUnit, readings: Map<string, Reading[]>, now: Date): UnitFindings {
  const settings = unit.alarm_settings ?? DEFAULT_ALARM_SETTINGS;
  const horizonMs = FORECAST_WARNING_DAYS * DAY_MS;
  const governs: Governed[] = [];
  const raised: AlarmFinding[] = [];
  CHANNELS.forEach((channel, i) => {
    const rs = readings.get(`${unit.id}:${resistanceSeries[i]}`);
    if (!rs) return;
    const key = { channel, type: AlarmType.ForecastResistance };
    governs.push(key);
    const levels = limitsOfChannel(settings, channel).resistance ?? DEFAULT_ALARM_SETTINGS.resistance ?? [];
    const c = fallingCrossing(rs, levels, { ...INSULATION_FORECAST, horizonMs });
    if (c) raised.push({ ...key, value: Math.round(((c.at - now.getTime()) / DAY_MS) * 10) / 10, limit: c.limit });
  });
  const battery = readings.get(`${unit.id}:${batterySeries}`);
  const limit = settings.battery ?? DEFAULT_ALARM_SETTINGS.battery;
  if (battery && limit !== undefined) {
    const key = { channel: 0, type: AlarmType.ForecastBattery };
    governs.push(key);
    const c = fallingCrossing(battery, [limit], { ...BATTERY_FORECAST, horizonMs });
    if (c) raised.push({ ...key, value: Math.round(((c.at - now.getTime()) / DAY_MS) * 10) / 10, limit: c.limit });
  }
  return { unit, governs, raised, time: now };
}

/**
 * Forecasts every unit's insulation resistance (hourly means of three days) and battery (daily
 * minima of six weeks): a crossing of the next level within FORECAST_WARNING_DAYS raises the
 * forecast alarm (a warning event), a trend that recovers clears it. Rounds of a few hundred units,
 * each in its own transaction, so ingest never waits long. Returns the units read.
 */
export async function forecastAll(db: Db, bus: LivePublisher, now = new Date()): Promise<number> {
  let after = 0;
  let read = 0;
  for (;;) {
    const units = await unitsAfter(db, after, UNITS_PER_ROUND);
    if (units.length === 0) return read;
    after = units.at(-1)?.id ?? after;
    read += units.length;
    const ids = units.map((u) => u.id);
    const [hourly, daily] = await Promise.all([
      hourlyMeans(db, ids, resistanceSeries, new Date(now.getTime() - 3 * DAY_MS)),
      dailyMinima(db, ids, [batterySeries], new Date(now.getTime() - 42 * DAY_MS)),
    ]);
    const readings = byUnitAndSeries([...hourly, ...daily]);
    const events: LiveEvent[] = [];
    await db.transaction((tx) =>
      applyFindingsOfUnits(
        tx,
        units.map((u) => findingsOf(u, readings, now)),
        { publish: (e) => events.push(e) },
      ),
    );
    for (const e of events) bus.publish(e);
  }
}
