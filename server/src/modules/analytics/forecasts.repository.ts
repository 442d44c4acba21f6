import type { AlarmSettings } from '@fieldwatch/core';
import type { Queryable } from '../../db/db.ts';

export type ForecastUnit = { id: number; organization_id: number; alarm_settings: AlarmSettings };
export type SeriesReading = { unit_id: number; series: number; t: Date; v: number };

/** The next units by id after `afterId`, with what a forecast needs of them. */
export async function unitsAfter(db: Queryable, afterId: number, limit: number): Promise<ForecastUnit[]> {
  return db.query<ForecastUnit>(
    'select id, organization_id, alarm_settings from units where id > $1 order by id limit $2',
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

/** Daily minima of the series of the units since `from`, oldest first per unit and series. */
export async function dailyMinima(db: Queryable, unitIds: readonly number[], series: readonly number[], from: Date) {
  return db.query<SeriesReading>(
    `select unit_id, series, day as t, lo as v from samples_daily
      where unit_id = any($1) and series = any($2) and day >= $3
      order by unit_id, series, day`,
    [unitIds, series, from],
  );
}
