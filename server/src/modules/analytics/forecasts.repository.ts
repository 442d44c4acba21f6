import type { AlarmSettings } from '@fieldwatch/core';
import type { Queryable } from '../../db/db.ts';

export type ForecastUnit = {
  id: number;
  organization_id: number;
  alarm_settings: AlarmSettings;
  /** The organization's own warning time in days (null: the default). */
  forecast_warning_days: number | null;
};
export type SeriesReading = { unit_id: number; series: number; t: Date; v: number };
export type ForecastRow = { unit_id: number; channel: number; limit_value: number; expected_at: Date; warned: boolean };

/** The next units by id after `afterId`, with what a forecast needs of them. */
export async function unitsAfter(db: Queryable, afterId: number, limit: number): Promise<ForecastUnit[]> {
  return db.query<ForecastUnit>(
    `select u.id, u.organization_id, u.alarm_settings, o.forecast_warning_days
       from units u join organizations o on o.id = u.organization_id
      where u.id > $1 order by u.id limit $2`,
    [afterId, limit],
  );
}

/** Hourly means of the series of the units since `from`, oldest first per unit and series. */
export async function hourlyMeans(db: Queryable, unitIds: readonly number[], series: readonly number[], from: Date) {
  return db.query<SeriesReading>(
    `select unit_id, series, hour as t, total / n as v from samples_hourly
      where unit_id = any($1) and series = any($2) and hour >= $3
      order by unit_id, series, hour`,
    [unitIds, series, from],
  );
}

/**
 * Daily minima of the series of the units since `from`, and within `[yearAgo.from, yearAgo.to)`,
 * oldest first per unit and series.
 */
export async function dailyMinima(
  db: Queryable,
  unitIds: readonly number[],
  series: readonly number[],
  from: Date,
  yearAgo: { from: Date; to: Date },
) {
  return db.query<SeriesReading>(
    `select unit_id, series, day as t, lo as v from samples_daily
      where unit_id = any($1) and series = any($2) and (day >= $3 or (day >= $4 and day < $5))
      order by unit_id, series, day`,
    [unitIds, series, from, yearAgo.from, yearAgo.to],
  );
}

/** Replaces the forecasts of the units with `rows` (a unit without rows has none left). */
export async function replaceForecasts(db: Queryable, unitIds: readonly number[], rows: readonly ForecastRow[]) {
  await db.query('delete from unit_forecasts where unit_id = any($1)', [unitIds]);
  if (rows.length === 0) return;
  await db.query(
    `insert into unit_forecasts (unit_id, channel, limit_value, expected_at, warned)
     select * from unnest($1::int[], $2::int[], $3::float8[], $4::timestamptz[], $5::bool[])`,
    [
      rows.map((r) => r.unit_id),
      rows.map((r) => r.channel),
      rows.map((r) => r.limit_value),
      rows.map((r) => r.expected_at),
      rows.map((r) => r.warned),
    ],
  );
}

/** The forecasts of the units, soonest first. */
export async function forecastsOfUnits(db: Queryable, unitIds: readonly number[]): Promise<ForecastRow[]> {
  return db.query<ForecastRow>(
    `select unit_id, channel, limit_value, expected_at, warned from unit_forecasts
      where unit_id = any($1) order by expected_at, unit_id, channel`,
    [unitIds],
  );
}
