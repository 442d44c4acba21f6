/**
 * Telemetry series (spec §9 chart series): per channel 1–4, or single. Each has a stable numeric
 * id (stored with every sample) and a column name (the `Columns` of the legacy data calls).
 */
export type SeriesDef = { id: number; column: string; key: string; unit: string; channel: number | null };

const perChannel: [string, string, string][] = [
  ['Analog', 'analog', 'mA'],
  ['ChannelBattery', 'channelBattery', 'V'],
  ['Galvanic', 'galvanic', 'mV'],
  ['Loop', 'loop', 'Ω'],
  ['Resistance', 'resistance', 'MΩ'],
  ['PT', 'pt', '°C'],
  ['Switch', 'switch', ''],
  ['Formula', 'formula', ''],
];

const single: [string, string, string][] = [
  ['BatteryVoltage', 'battery', 'V'],
  ['BER', 'ber', '%'],
  ['InternalTemperature', 'internalTemperature', '°C'],
  ['Intrusion', 'intrusion', ''],
  ['SignalStrength', 'signal', 'dBm'],
  ['Temperature', 'temperature', '°C'],
  ['Humidity', 'humidity', '%'],
  ['Occupied', 'occupied', ''],
  ['FillLevel', 'fillLevel', '%'],
  ['WaterLevel', 'waterLevel', 'cm'],
  ['CO2', 'co2', 'ppm'],
  ['PM25', 'pm25', 'µg/m³'],
  ['Consumption', 'consumption', 'kWh'],
  ['RadarPercentage', 'radarPercentage', '%'],
  ['GroundResistance', 'groundResistance', 'Ω'],
];

export const SERIES: readonly SeriesDef[] = [
  ...perChannel.flatMap(([column, key, unit], i) =>
    [1, 2, 3, 4].map((channel) => ({ id: 10 * (i + 1) + channel, column: `${column}${channel}`, key, unit, channel })),
  ),
  ...single.map(([column, key, unit], i) => ({ id: 100 + i, column, key, unit, channel: null })),
];

const byColumn = new Map(SERIES.map((s) => [s.column.toLowerCase(), s]));
const byId = new Map(SERIES.map((s) => [s.id, s]));

export const seriesByColumn = (column: string) => byColumn.get(column.trim().toLowerCase());
export const seriesById = (id: number) => byId.get(id);

/** `Columns` of the legacy calls: a comma list of column names, `*` for all. Unknown names are returned apart. */
export function parseColumns(columns: string): { series: SeriesDef[]; unknown: string[] } {
  if (columns.trim() === '*') return { series: [...SERIES], unknown: [] };
  const names = columns
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !seriesByColumn(n));
  return { series: names.flatMap((n) => seriesByColumn(n) ?? []), unknown };
}

/** Temperature display priority of spec §9, by column name. */
export const TEMPERATURE_PRIORITY = ['PT1', 'PT2', 'PT3', 'PT4', 'Temperature', 'InternalTemperature'] as const;

export function displayTemperature(latest: Readonly<Record<string, number | undefined>>): number | undefined {
  for (const column of TEMPERATURE_PRIORITY) if (latest[column] !== undefined) return latest[column];
  return undefined;
}
