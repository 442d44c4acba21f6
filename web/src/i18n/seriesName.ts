import { type SeriesDef, seriesByColumn } from '@fieldwatch/core';

/** The translate function the names need (i18next's `t`). */
type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A series' name in the interface language, the one helper for every place that names a series
 * (table headers, latest values, chart legends and pickers): `series.<key>` in the locales, with the
 * channel as `{{channel}}` where the series is per channel ("Channel 1 battery", "Battery voltage").
 * The column (BatteryVoltage, Resistance2) is an API field name and shows only when no name exists.
 */
export function seriesName(t: Translate, s: Pick<SeriesDef, 'key' | 'channel'> & { column?: string }): string {
  return t(`series.${s.key}`, {
    ...(s.channel === null ? {} : { channel: s.channel }),
    defaultValue: s.column ?? s.key,
  });
}

/** The name of a column of the API ("SignalStrength" → "Signal strength"); a column no series has stays as it is. */
export function columnName(t: Translate, column: string): string {
  const s = seriesByColumn(column);
  return s ? seriesName(t, s) : column;
}
