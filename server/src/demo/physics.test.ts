import { INACTIVE_MARKER, locateFaults, metresPerPoint } from '@fieldwatch/core';
import { describe, expect, it } from 'vitest';
import { buildFleet, type UnitDef, unitDef } from './fleet.ts';
import {
  batteryVoltage,
  co2,
  insulationResistance,
  loopResistance,
  meterReading,
  occupied,
  outdoorTemperature,
  pm25,
  RAIN_PERIOD_MS,
  rainInPeriod,
  roomTemperature,
  waterLevel,
} from './physics.ts';
import { radarCurve, radarPercentage } from './radar.ts';
import { DAY, HOUR, localTime } from './seeded.ts';
import { readings, unitSeries } from './unitSeries.ts';

// Wednesday 11 March 2026, 12:00 UTC (13:00 in Stockholm, before summer time).
const anchor = Date.parse('2026-03-11T12:00:00Z');
const spec = { seed: 50, anchor };
const fleet = buildFleet(spec, 200);
const find = (p: (u: UnitDef) => boolean) => {
  const u = fleet.find(p);
  if (!u) throw new Error('no such unit in the fleet');
  return u;
};

describe('determinism', () => {
  it('builds the same fleet and the same values from the same seed', () => {
    expect(buildFleet(spec, 200)).toEqual(fleet);
    const again = unitDef(spec, 17);
    for (const t of [anchor - 5 * DAY, anchor, anchor + 3 * HOUR]) {
      expect(readings(again, t)).toEqual(readings(fleet[17] as UnitDef, t));
    }
    expect(radarCurve(again, 1, anchor)).toEqual(radarCurve(fleet[17] as UnitDef, 1, anchor));
  });

  it('gives another fleet for another seed, and a larger fleet begins with the smaller one', () => {
    const other = buildFleet({ seed: 51, anchor }, 200);
    expect(other.map((u) => u.name)).not.toEqual(fleet.map((u) => u.name));
    expect(buildFleet(spec, 20)).toEqual(fleet.slice(0, 20));
  });
});

describe('the fleet', () => {
  it('has unique serials, organisations by town, and positions around the towns', () => {
    expect(new Set(fleet.map((u) => u.serial)).size).toBe(fleet.length);
    for (const u of fleet) {
      if (u.kind === 'parking')
        expect([u.town, u.organization, u.type]).toEqual(['København', 'CityPark Operations', 201]);
      if (['Aarhus', 'Odense', 'Aalborg'].includes(u.town)) expect(u.organization).toBe('Aarhus Municipality');
      if (u.town === 'Luleå') expect(u.organization).toBe('Luleå District Heating');
      if (['Umeå', 'Sundsvall'].includes(u.town)) expect(u.organization).toBe('Nordic Heat North');
      if (['Stockholm', 'Göteborg', 'Malmö', 'Uppsala'].includes(u.town))
        expect(u.organization).toBe('Nordic Heat South');
      expect(u.lat).toBeGreaterThan(55);
      expect(u.lat).toBeLessThan(66);
      expect(u.long).toBeGreaterThan(9);
      expect(u.long).toBeLessThan(23);
    }
  });

  it('mixes the behaviours of the demo in believable shares', () => {
    const pipes = fleet.filter((u) => u.kind === 'pipe');
    const leaks = pipes.filter((u) => u.leak).length / pipes.length;
    // About 2.5 % at random, plus the fixed ones (the live burst, the GIS customer's leak).
    expect(leaks).toBeGreaterThanOrEqual(0.03);
    expect(leaks).toBeLessThanOrEqual(0.06);
    const breaks = pipes.filter((u) => u.wireBreak).length;
    expect(breaks).toBeGreaterThanOrEqual(1);
    expect(breaks).toBeLessThanOrEqual(2);
    const inactive = fleet.filter((u) => u.inactive);
    expect(inactive.length).toBeGreaterThanOrEqual(2);
    for (const u of inactive) expect(u.name).toContain(INACTIVE_MARKER);
    expect(fleet.filter((u) => !u.inactive && u.name.includes(INACTIVE_MARKER))).toEqual([]);
    expect(fleet.filter((u) => u.silentFrom !== null).length).toBeGreaterThanOrEqual(2);
    for (const kind of ['pipe', 'climate', 'parking', 'relay', 'water', 'air', 'meter']) {
      expect(fleet.some((u) => u.kind === kind)).toBe(true);
    }
  });
});

describe('insulation resistance', () => {
  it('stays dry (50–200 MΩ) on a healthy pipe, drifting a little', () => {
    const dry = find((u) => u.kind === 'pipe' && !u.leak && !u.wireBreak);
    const values = Array.from({ length: 28 * 4 }, (_, i) => insulationResistance(dry, 1, anchor - i * 6 * HOUR));
    expect(Math.min(...values)).toBeGreaterThan(40);
    expect(Math.max(...values)).toBeLessThanOrEqual(200);
    expect(Math.max(...values) - Math.min(...values)).toBeGreaterThan(2); // it drifts
  });

  it('falls through the alarm levels 10, 5, 1 and 0.5 MΩ, in that order, once a leak begins', () => {
    const u = find((x) => !!x.leak && x.leak.onset < anchor);
    const leak = u.leak as NonNullable<UnitDef['leak']>;
    expect(insulationResistance(u, leak.channel, leak.onset - HOUR)).toBeGreaterThan(20);
    const crossed = new Map<number, number>();
    for (let t = leak.onset; t < leak.onset + 12 * leak.tauH * HOUR; t += 10 * 60_000) {
      const r = insulationResistance(u, leak.channel, t);
      for (const level of [10, 5, 1, 0.5]) if (r < level && !crossed.has(level)) crossed.set(level, t);
    }
    const times = [10, 5, 1, 0.5].map((l) => crossed.get(l));
    expect(times.every((t) => t !== undefined)).toBe(true);
    expect([...times].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(times);
    // Over days, not at once: from 10 MΩ to 0.5 MΩ takes hours.
    expect((times[3] ?? 0) - (times[0] ?? 0)).toBeGreaterThan(6 * HOUR);
    expect(insulationResistance(u, leak.channel, leak.onset + 12 * leak.tauH * HOUR)).toBeLessThan(0.5);
  });
});

describe('radar', () => {
  it('shows no echo before a leak, then an echo at the fault position that grows', () => {
    const u = find((x) => !!x.leak && x.radar);
    const leak = u.leak as NonNullable<UnitDef['leak']>;
    const ch = u.channels[leak.channel - 1] as UnitDef['channels'][number];
    const reference = radarCurve(u, leak.channel, null);
    expect(reference).toHaveLength(512);
    const findings = (t: number) => locateFaults(radarCurve(u, leak.channel, t), reference, ch.pulseSpeed);
    expect(findings(leak.onset - HOUR)).toEqual([]);
    const early = findings(leak.onset + 2 * leak.tauH * HOUR);
    const late = findings(leak.onset + 8 * leak.tauH * HOUR);
    for (const found of [early, late]) {
      expect(found.map((f) => f.kind)).toEqual(['wet']);
      expect(Math.abs((found[0]?.positionM ?? 0) - leak.positionM)).toBeLessThanOrEqual(
        2 * metresPerPoint(ch.pulseSpeed),
      );
    }
    expect(late[0]?.size).toBeGreaterThan(early[0]?.size ?? 0);
    expect(radarPercentage(u, leak.onset - HOUR)).toBeLessThan(5);
    expect(radarPercentage(u, leak.onset + 8 * leak.tauH * HOUR)).toBeGreaterThan(25);
  });

  it('moves the reflection from the far end to the break when a wire breaks, and the loop reads open', () => {
    const u = find((x) => !!x.wireBreak && x.radar);
    const brk = u.wireBreak as NonNullable<UnitDef['wireBreak']>;
    const ch = u.channels[brk.channel - 1] as UnitDef['channels'][number];
    expect(loopResistance(u, brk.channel, brk.at - HOUR)).toBeLessThan(60);
    expect(loopResistance(u, brk.channel, brk.at + HOUR)).toBeGreaterThanOrEqual(10_000);
    const reference = radarCurve(u, brk.channel, null);
    const found = locateFaults(radarCurve(u, brk.channel, brk.at + HOUR), reference, ch.pulseSpeed);
    expect(found.map((f) => f.kind)).toEqual(['break']);
    expect(Math.abs((found[0]?.positionM ?? 0) - brk.positionM)).toBeLessThanOrEqual(2 * metresPerPoint(ch.pulseSpeed));
  });
});

describe('time of day, weekday and season', () => {
  it('knows local time in Stockholm and Copenhagen, summer time included', () => {
    expect(localTime(Date.parse('2026-01-15T09:00:00Z'))).toMatchObject({ hour: 10, weekday: 4 });
    expect(localTime(Date.parse('2026-07-01T09:00:00Z'))).toMatchObject({ hour: 11, weekday: 3 });
  });

  it('fills parking bays at 10:00 on a weekday and empties them at 03:00', () => {
    const bays = Array.from({ length: 300 }, (_, i) => ({ ...(fleet[2] as UnitDef), key: 1000 + i * 7919 }));
    const share = (t: number) => bays.filter((b) => occupied(b, t) === 1).length / bays.length;
    const wednesday10 = Date.parse('2026-03-11T09:00:00Z');
    const wednesday03 = Date.parse('2026-03-11T02:00:00Z');
    const sunday10 = Date.parse('2026-03-15T09:00:00Z');
    expect(share(wednesday10)).toBeGreaterThan(0.75);
    expect(share(wednesday03)).toBeLessThan(0.2);
    expect(share(sunday10)).toBeLessThan(share(wednesday10));
  });

  it('gives temperature sensors a daily cycle: warmer in the afternoon than before dawn', () => {
    const th = find((u) => u.kind === 'climate');
    for (let day = 0; day < 5; day++) {
      const midnight = Date.parse('2026-03-09T23:00:00Z') + day * DAY; // 00:00 local
      expect(roomTemperature(th, midnight + 16 * HOUR)).toBeGreaterThan(roomTemperature(th, midnight + 4 * HOUR) + 1.5);
      expect(outdoorTemperature(th.climate, midnight + 15 * HOUR)).toBeGreaterThan(
        outdoorTemperature(th.climate, midnight + 4 * HOUR),
      );
    }
    const lulea = find((u) => u.town === 'Luleå').climate;
    const summer = outdoorTemperature(lulea, Date.parse('2026-07-20T12:00:00Z'));
    const winter = outdoorTemperature(lulea, Date.parse('2026-01-20T12:00:00Z'));
    expect(summer - winter).toBeGreaterThan(12);
  });
});

describe('battery', () => {
  it('starts near 3.6 V and falls slowly; an ageing battery crosses 3.3 V', () => {
    const fresh = find((u) => !!u.battery && !u.battery.knee);
    const v = batteryVoltage(fresh, anchor) ?? 0;
    expect(v).toBeGreaterThan(3.45);
    expect(v).toBeLessThan(3.7);
    expect(batteryVoltage(fresh, anchor + 365 * DAY) ?? 0).toBeLessThan(v);
    const ageing = find((u) => !!u.battery?.knee);
    expect(batteryVoltage(ageing, anchor - 20 * DAY) ?? 0).toBeGreaterThan(3.4);
    expect(batteryVoltage(ageing, anchor + 3 * DAY) ?? 9).toBeLessThan(3.3);
  });
});

describe('IoT sensors: water level, air quality, heat meters', () => {
  const at = (i: number) => fleet[i] as UnitDef;

  it('appends the sensors to the fixed units, with IoT type codes and the columns they report', () => {
    expect(fleet.slice(12, 19).map((u) => [u.kind, u.type])).toEqual([
      ['water', 220],
      ['air', 230],
      ['meter', 235],
      ['water', 220],
      ['air', 230],
      ['meter', 235],
      ['air', 230],
    ]);
    const columns = (u: UnitDef) => unitSeries(u).map((s) => s.column);
    expect(columns(at(12))).toContain('WaterLevel');
    expect(columns(at(13))).toEqual(expect.arrayContaining(['CO2', 'PM25', 'Temperature', 'Humidity']));
    expect(columns(at(14))).toContain('Consumption');
    // The units before them are what they were (their index decides their unit).
    expect(fleet.slice(0, 12).map((u) => u.kind)).toEqual([
      ...['pipe', 'pipe', 'parking', 'climate', 'relay', 'pipe', 'pipe', 'pipe', 'pipe', 'pipe', 'parking', 'pipe'],
    ]);
  });

  it('raises the flood-prone pit above 80 cm after its cloudburst and lets it drain over days', () => {
    const pit = at(12);
    const storm = pit.water?.storm?.at ?? 0;
    expect(waterLevel(pit, storm - HOUR)).toBeLessThan(80);
    expect(waterLevel(pit, anchor)).toBeGreaterThan(80);
    expect(waterLevel(pit, anchor + 12 * HOUR)).toBeLessThan(waterLevel(pit, anchor));
    expect(waterLevel(pit, storm + 10 * DAY)).toBeLessThan(60);
  });

  it('lifts an ordinary pit with the rain and drains it again', () => {
    const pit = at(15);
    const k0 = Math.floor((anchor - 60 * DAY) / RAIN_PERIOD_MS);
    let k = k0;
    while (rainInPeriod(pit.climate, k) < 3) k++;
    const before = waterLevel(pit, k * RAIN_PERIOD_MS - HOUR);
    const after = waterLevel(pit, (k + 1) * RAIN_PERIOD_MS + HOUR);
    expect(after).toBeGreaterThan(before + 2);
    // Stays between the floor and the top of the chamber.
    for (let t = anchor - 28 * DAY; t < anchor; t += 3 * HOUR) {
      const v = waterLevel(pit, t);
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(pit.water?.depthCm ?? 0);
    }
  });

  it('makes CO2 follow the people in a room: high on weekday mornings, outdoor level at night and on Sundays', () => {
    const stuffy = at(13);
    const wednesday = Date.parse('2026-03-11T00:00:00Z'); // 01:00 local
    expect(co2(stuffy, wednesday + 9.5 * HOUR)).toBeGreaterThan(1000);
    expect(co2(stuffy, wednesday + 2 * HOUR)).toBeLessThan(500);
    expect(co2(stuffy, wednesday + 4 * DAY + 9.5 * HOUR)).toBeLessThan(500); // Sunday
    const school = at(16);
    expect(co2(school, wednesday + 9.5 * HOUR)).toBeGreaterThan(co2(school, wednesday + 20 * HOUR) + 200);
  });

  it('gives PM2.5 traffic peaks on weekday mornings', () => {
    const room = at(13);
    const mean = (hourUtc: number) => {
      let sum = 0;
      for (let d = 0; d < 5; d++) sum += pm25(room, Date.parse('2026-03-09T00:00:00Z') + d * DAY + hourUtc * HOUR);
      return sum / 5;
    };
    expect(mean(6.5)).toBeGreaterThan(mean(2) + 4); // 07:30 local against 03:00
    expect(mean(2)).toBeGreaterThan(0);
  });

  it('counts the heat meter up, more on a winter day than on a summer day, the same however often it is read', () => {
    const meter = at(14);
    let last = 0;
    for (let t = anchor - 20 * DAY; t < anchor + DAY; t += 37 * 60_000) {
      const v = meterReading(meter, t);
      expect(v).toBeGreaterThanOrEqual(last);
      last = v;
    }
    const day = (u: UnitDef, t: number) => meterReading(u, t + DAY) - meterReading(u, t);
    const march = day(meter, anchor - 3 * DAY);
    expect(march).toBeGreaterThan(300);
    const summer = Date.parse('2026-07-10T00:00:00Z');
    const july = { ...meter, meter: { ...(meter.meter as NonNullable<UnitDef['meter']>), since: summer - DAY } };
    expect(day(july, summer)).toBeLessThan(march / 2);
    expect(day(july, summer)).toBeGreaterThan(20); // hot water all year
    // A fresh model of the same unit (no cached register) reads the same.
    expect(meterReading(unitDef(spec, 14), anchor + 5 * HOUR)).toBe(meterReading(meter, anchor + 5 * HOUR));
  });
});
