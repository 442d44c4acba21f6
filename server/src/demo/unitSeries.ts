import {
  batteryVoltage,
  co2,
  galvanicVoltage,
  humidity,
  insulationResistance,
  internalTemperature,
  loopResistance,
  meterReading,
  occupied,
  pm25,
  roomTemperature,
  signalStrength,
  type UnitModel,
  waterLevel,
} from './physics.ts';
import { radarPercentage } from './radar.ts';

/** Primary series are the ones the demo is about; secondary ones change slowly (history keeps fewer). */
export type SeriesTier = 'primary' | 'secondary';
export type UnitSeries = { column: string; tier: SeriesTier; value: (t: number) => number };

/** The columns (core/src/units/series.ts) a unit reports, each with its model. */
export function unitSeries(m: UnitModel): UnitSeries[] {
  const out: UnitSeries[] = [];
  const add = (column: string, tier: SeriesTier, value: (t: number) => number) => out.push({ column, tier, value });
  if (m.kind === 'pipe') {
    m.channels.forEach((_, i) => {
      const ch = i + 1;
      add(`Resistance${ch}`, 'primary', (t) => insulationResistance(m, ch, t));
      add(`Loop${ch}`, 'primary', (t) => loopResistance(m, ch, t));
      if (m.galvanic) add(`Galvanic${ch}`, 'primary', (t) => galvanicVoltage(m, ch, t));
    });
    if (m.radar) add('RadarPercentage', 'primary', (t) => radarPercentage(m, t));
    add('InternalTemperature', 'secondary', (t) => internalTemperature(m, t));
  } else if (m.kind === 'climate') {
    add('Temperature', 'primary', (t) => roomTemperature(m, t));
    add('Humidity', 'primary', (t) => humidity(m, t));
  } else if (m.kind === 'parking') {
    add('Occupied', 'primary', (t) => occupied(m, t));
  } else if (m.kind === 'water') {
    add('WaterLevel', 'primary', (t) => waterLevel(m, t));
  } else if (m.kind === 'air') {
    add('CO2', 'primary', (t) => co2(m, t));
    add('PM25', 'primary', (t) => pm25(m, t));
    add('Temperature', 'primary', (t) => roomTemperature(m, t));
    add('Humidity', 'secondary', (t) => humidity(m, t));
  } else if (m.kind === 'meter') {
    add('Consumption', 'primary', (t) => meterReading(m, t));
  } else {
    add('InternalTemperature', 'secondary', (t) => internalTemperature(m, t));
  }
  if (m.battery) add('BatteryVoltage', 'secondary', (t) => batteryVoltage(m, t) ?? 0);
  add('SignalStrength', 'secondary', (t) => signalStrength(m, t));
  return out;
}

/** Everything a unit measures at time t, keyed by column name (the `v` of a samples message). */
export function readings(m: UnitModel, t: number, series = unitSeries(m)): Record<string, number> {
  const v: Record<string, number> = {};
  for (const s of series) v[s.column] = s.value(t);
  return v;
}
