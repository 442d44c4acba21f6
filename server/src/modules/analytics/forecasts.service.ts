import {
  type AlarmFinding,
  AlarmType,
  BATTERY_HISTORY_DAYS,
  batteryCrossing,
  type Crossing,
  DAY_MS,
  DEFAULT_ALARM_SETTINGS,
  DEFAULT_FORECAST_WARNING_DAYS,
  FORECAST_HORIZON_DAYS,
  fallingCrossing,
  INSULATION_FORECAST,
  limitsOfChannel,
  type Reading,
  seriesByColumn,
  type UnitForecast,
} from '@fieldwatch/core';
import type { Db, Queryable } from '../../db/db.ts';
import type { LiveEvent, LivePublisher } from '../../live/bus.ts';
import { applyFindingsOfUnits, type Governed, type UnitFindings } from '../alarms/alarms.service.ts';
import {
  dailyMinima,
  type ForecastRow,
  type ForecastUnit,
  forecastsOfUnits,
  hourlyMeans,
  replaceForecasts,
  type SeriesReading,
  unitsAfter,
} from './forecasts.repository.ts';

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

/**
 * One unit's forecasts within the horizon (stored for the unit list and details) and what they say
 * about its two forecast alarms, per channel: raised when the crossing is within the organization's
 * warning time, cleared otherwise.
 */
function forecastOfUnit(unit: ForecastUnit, readings: Map<string, Reading[]>, now: Date) {
  const settings = unit.alarm_settings ?? DEFAULT_ALARM_SETTINGS;
  const horizonMs = FORECAST_HORIZON_DAYS * DAY_MS;
  const warnMs = (unit.forecast_warning_days ?? DEFAULT_FORECAST_WARNING_DAYS) * DAY_MS;
  const governs: Governed[] = [];
  const raised: AlarmFinding[] = [];
  const rows: ForecastRow[] = [];
  const record = (channel: number, type: number, c: Crossing | null) => {
    governs.push({ channel, type });
    if (!c) return;
    const warned = c.at - now.getTime() <= warnMs;
    rows.push({ unit_id: unit.id, channel, limit_value: c.limit, expected_at: new Date(c.at), warned });
    const days = Math.round(((c.at - now.getTime()) / DAY_MS) * 10) / 10;
    if (warned) raised.push({ channel, type, value: days, limit: c.limit });
  };
  CHANNELS.forEach((channel, i) => {
    const rs = readings.get(`${unit.id}:${resistanceSeries[i]}`);
    if (!rs) return;
    const levels = limitsOfChannel(settings, channel).resistance ?? DEFAULT_ALARM_SETTINGS.resistance ?? [];
    record(channel, AlarmType.ForecastResistance, fallingCrossing(rs, levels, { ...INSULATION_FORECAST, horizonMs }));
  });
  const battery = readings.get(`${unit.id}:${batterySeries}`);
  const limit = settings.battery ?? DEFAULT_ALARM_SETTINGS.battery;
  if (battery && limit !== undefined) record(0, AlarmType.ForecastBattery, batteryCrossing(battery, limit, horizonMs));
  const findings: UnitFindings = { unit, governs, raised, time: now };
  return { rows, findings };
}

/**
 * Forecasts every unit's insulation resistance (hourly means of three days) and battery (daily
 * minima of six weeks, and of two weeks a year before where the unit has them): each crossing of the next level within the horizon is stored, one within the
 * organization's warning time raises the forecast alarm (a warning event), a trend that recovers
 * clears it. Rounds of a few hundred units,
 * each in its own transaction, so ingest never waits long. Returns the units read.
 */
export async function forecastAll(db: Db, bus: LivePublisher, now = new Date()): Promise<number> {
  const daysBefore = (days: number) => new Date(now.getTime() - days * DAY_MS);
  let after = 0;
  let read = 0;
  for (;;) {
    const units = await unitsAfter(db, after, UNITS_PER_ROUND);
    if (units.length === 0) return read;
    after = units.at(-1)?.id ?? after;
    read += units.length;
    const ids = units.map((u) => u.id);
    const [hourly, daily] = await Promise.all([
      hourlyMeans(db, ids, resistanceSeries, daysBefore(3)),
      dailyMinima(db, ids, [batterySeries], daysBefore(BATTERY_HISTORY_DAYS.recent), {
        from: daysBefore(BATTERY_HISTORY_DAYS.yearAgoFrom),
        to: daysBefore(BATTERY_HISTORY_DAYS.yearAgoTo),
      }),
    ]);
    const readings = byUnitAndSeries([...hourly, ...daily]);
    const forecasts = units.map((u) => forecastOfUnit(u, readings, now));
    const events: LiveEvent[] = [];
    await db.transaction(async (tx) => {
      await replaceForecasts(
        tx,
        ids,
        forecasts.flatMap((f) => f.rows),
      );
      await applyFindingsOfUnits(
        tx,
        forecasts.map((f) => f.findings),
        { publish: (e) => events.push(e) },
      );
    });
    for (const e of events) bus.publish(e);
  }
}

/** The stored forecasts of the units, soonest first. */
export async function forecastsOf(db: Queryable, unitIds: readonly number[]): Promise<UnitForecast[]> {
  if (unitIds.length === 0) return [];
  return (await forecastsOfUnits(db, unitIds)).map((r) => ({
    unitId: r.unit_id,
    channel: r.channel,
    limit: r.limit_value,
    expectedAt: r.expected_at.toISOString(),
    warned: r.warned,
  }));
}
