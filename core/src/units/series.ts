/**
 * Telemetry series (chart series): per channel 1–4, or single. Each has a stable numeric
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
  ['PT1000_1', 'pt1000_1', '°C'],
  ['PT1000_2', 'pt1000_2', '°C'],
];

export const SERIES: readonly SeriesDef[] = [
  ...perChannel.flatMap(([column, key, unit], i) =>
    [1, 2, 3, 4].map((channel) => ({ id: 10 * (i + 1) + channel, column: `${column}${channel}`, key, unit, channel })),
  ),
  ...single.map(([column, key, unit], i) => ({ id: 100 + i, column, key, unit, channel: null })),
];

/**
 * Other spellings units report a series by, best first: a report carrying two spellings of one
 * series keeps the value of the column's own name, then of the first spelling listed here.
 */
const SPELLINGS: Readonly<Record<string, readonly string[]>> = {
  PT1: ['PT 1'],
  PT2: ['PT 2'],
  PT3: ['PT 3'],
  PT4: ['PT 4'],
  PT1000_1: ['PT1000 1'],
  PT1000_2: ['PT1000 2'],
  Temperature: ['Temp'],
  InternalTemperature: ['internal temperature', 'Int. temp.', 'Int Temp', 'Temp intern'],
};

/** A series' column name and its other spellings, best first. */
export const spellingsOf = (column: string): readonly string[] => [column, ...(SPELLINGS[column] ?? [])];

const bySpelling = new Map(
  SERIES.flatMap((s) => spellingsOf(s.column).map((name, rank) => [name.toLowerCase(), { def: s, rank }] as const)),
);
const byId = new Map(SERIES.map((s) => [s.id, s]));
const columns = new Set(SERIES.map((s) => s.column));

/** The series of a column name or one of its other spellings, in any case. */
export const seriesByColumn = (column: string) => bySpelling.get(column.trim().toLowerCase())?.def;
export const seriesById = (id: number) => byId.get(id);

/**
 * A unit's reported values under the series' column names (`Temp intern` → `InternalTemperature`),
 * the best spelling winning where a report carries several of one series; names no series has stay
 * as they came. Values already under column names are returned as they are.
 */
export function canonicalValues<T>(values: Readonly<Record<string, T>>): Record<string, T> {
  const keys = Object.keys(values);
  if (keys.every((k) => columns.has(k))) return values as Record<string, T>;
  const out: Record<string, T> = {};
  const ranks = new Map<string, number>();
  for (const key of keys) {
    const found = bySpelling.get(key.trim().toLowerCase());
    if (!found) {
      out[key] = values[key] as T;
      continue;
    }
    const column = found.def.column;
    const held = ranks.get(column);
    if (held !== undefined && held <= found.rank) continue;
    out[column] = values[key] as T;
    ranks.set(column, found.rank);
  }
  return out;
}

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

/**
 * Which temperature a unit shows: PT1–PT4, then PT1000 1–2, then Temp (`Temperature`), then the
 * internal temperature, by column. The first of these the unit has is shown.
 */
export const TEMPERATURE_PRIORITY = [
  'PT1',
  'PT2',
  'PT3',
  'PT4',
  'PT1000_1',
  'PT1000_2',
  'Temperature',
  'InternalTemperature',
] as const;

/**
 * Every name a displayed temperature is read under, in display order: each column of
 * TEMPERATURE_PRIORITY followed by its other spellings (internal temperature, Int. temp., Int Temp,
 * Temp intern for `InternalTemperature`).
 */
export const TEMPERATURE_SPELLINGS: readonly { name: string; column: (typeof TEMPERATURE_PRIORITY)[number] }[] =
  TEMPERATURE_PRIORITY.flatMap((column) => spellingsOf(column).map((name) => ({ name, column })));

/** The column a unit's displayed temperature comes from, by the display priority; undefined when it has none. */
export function temperatureSource(
  values: Readonly<Record<string, number | undefined>>,
): (typeof TEMPERATURE_PRIORITY)[number] | undefined {
  return TEMPERATURE_SPELLINGS.find((s) => values[s.name] !== undefined)?.column;
}

/** The temperature a unit shows, by the display priority; undefined when it has none. */
export function displayTemperature(latest: Readonly<Record<string, number | undefined>>): number | undefined {
  for (const { name } of TEMPERATURE_SPELLINGS) if (latest[name] !== undefined) return latest[name];
  return undefined;
}
