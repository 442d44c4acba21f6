import { clamp, DAY, gauss, HOUR, localTime, MINUTE, rand, round, season, smoothNoise, white } from './seeded.ts';

/**
 * Pure, seedable models of what the demo units measure (DOMAIN.md of the shared project notes). Every value is
 * a function of a unit's model and an absolute time, with no state: the history seed and the live
 * simulator call the same functions, so live values continue the stored history, and a restarted
 * simulator carries on where the last one stopped.
 */

// ── Unit models ─────────────────────────────────────────────────────────────────────────────────

export type UnitKind = 'pipe' | 'climate' | 'parking' | 'relay' | 'water' | 'air' | 'meter';

/** A town's climate: yearly mean and amplitude, daily swing (°C), and a key its weather shares. */
export type Climate = { key: number; mean: number; amp: number; daily: number };

/** One wire loop of a pipe unit. */
export type PipeChannel = {
  lengthM: number; // pipe length; the loop is twice as long
  pulseSpeed: number; // fraction of c
  baseMOhm: number; // dry insulation resistance
  joints: number[]; // positions (m) of joints, seen as small echoes on the radar
};

/** Water entering the foam: resistance falls from the dry value towards the floor with time constant tau. */
export type Leak = { channel: number; onset: number; tauH: number; positionM: number; floorMOhm: number };
/** A broken alarm wire: the loop reads open circuit from `at`. */
type WireBreak = { channel: number; at: number; positionM: number };
/** Battery: nominal voltage, yearly loss, age at `since`; an ageing knee speeds the fall late in life. */
export type Battery = {
  v0: number;
  perYear: number;
  ageYears: number;
  since: number;
  knee?: { at: number; perDay: number };
};

export type UnitModel = {
  key: number; // the unit's own noise key
  kind: UnitKind;
  type: number;
  climate: Climate;
  channels: PipeChannel[]; // pipe units only
  radar: boolean;
  galvanic: boolean;
  battery: Battery | null;
  signalBase: number; // dBm
  indoorBase: number; // °C, climate sensors
  relays: number; // relay units
  leak: Leak | null;
  wireBreak: WireBreak | null;
  /** Water-level sensors, air-quality sensors and heat meters (their own models, below). */
  water?: WaterPit;
  air?: AirRoom;
  meter?: HeatMeter;
};

// ── Quantities ──────────────────────────────────────────────────────────────────────────────────

/** Outdoor air temperature (°C): season, a daily cycle peaking mid-afternoon, the town's weather. */
export function outdoorTemperature(c: Climate, t: number): number {
  const { hour } = localTime(t);
  return (
    c.mean +
    c.amp * season(t) +
    c.daily * Math.cos((2 * Math.PI * (hour - 15)) / 24) +
    3.5 * smoothNoise(c.key, 1, t, 2.5 * DAY) +
    smoothNoise(c.key, 2, t, 6 * HOUR)
  );
}

/** The weather without its daily cycle: what the season and the passing weather do to slow things. */
const slowOutdoor = (c: Climate, t: number) => c.mean + c.amp * season(t) + 3.5 * smoothNoise(c.key, 1, t, 2.5 * DAY);

function leakFactor(m: UnitModel, channel: number, t: number): number {
  const l = m.leak;
  if (!l || l.channel !== channel || t <= l.onset) return 1;
  return Math.exp(-(t - l.onset) / (l.tauH * HOUR));
}

/** Dry-pipe insulation resistance (MΩ): drifts with season and temperature, capped at the instrument's 200. */
function dryResistance(m: UnitModel, channel: number, t: number): number {
  const ch = m.channels[channel - 1];
  if (!ch) return 0;
  const c = m.climate;
  const r =
    ch.baseMOhm *
    (1 + 0.1 * season(t)) *
    (1 - 0.012 * (outdoorTemperature(c, t) - slowOutdoor(c, t))) *
    (1 + 0.06 * smoothNoise(m.key, 10 + channel, t, 1.5 * DAY)) *
    (1 + 0.01 * white(m.key, 14 + channel, t));
  return clamp(r, 1, 200);
}

/** Insulation resistance (MΩ). A leak makes it fall, through the alarm levels, towards the wet floor. */
export function insulationResistance(m: UnitModel, channel: number, t: number): number {
  const dry = dryResistance(m, channel, t);
  const k = leakFactor(m, channel, t);
  if (k === 1 || !m.leak) return round(dry, dry < 10 ? 3 : 1);
  const floor = m.leak.floorMOhm;
  const wet = (floor + (dry - floor) * k) * (1 + 0.08 * (1 - k) * smoothNoise(m.key, 20 + channel, t, 3 * HOUR));
  return round(wet, wet < 10 ? 3 : 1);
}

/** How far water has spread on a channel, 0 (dry) … 1 (at the wet floor), on a log scale of resistance. */
export function wetness(m: UnitModel, channel: number, t: number): number {
  const k = leakFactor(m, channel, t);
  if (k === 1 || !m.leak) return 0;
  const dry = m.channels[channel - 1]?.baseMOhm ?? 100;
  const floor = m.leak.floorMOhm;
  const r = floor + (dry - floor) * k;
  return clamp(Math.log(dry / r) / Math.log(dry / floor), 0, 1);
}

export const broken = (m: UnitModel, channel: number, t: number) =>
  !!m.wireBreak && m.wireBreak.channel === channel && t >= m.wireBreak.at;

/** Loop resistance (Ω): 0.012 Ω per metre of 1.5 mm² copper, twice the pipe length, warmer in winter. */
export function loopResistance(m: UnitModel, channel: number, t: number): number {
  const ch = m.channels[channel - 1];
  if (!ch) return 0;
  if (broken(m, channel, t)) return round(10_000 + 1500 * rand(m.key, 30, Math.floor(t / HOUR)), 0);
  const wire = 45 - 8 * season(t) + 1.5 * smoothNoise(m.key, 31 + channel, t, DAY);
  return round(0.024 * ch.lengthM * (1 + 0.00393 * (wire - 20)) + 0.02 * white(m.key, 35 + channel, t), 2);
}

/** Galvanic voltage (mV) between wire and pipe: a few millivolts dry, hundreds once water touches the steel. */
export function galvanicVoltage(m: UnitModel, channel: number, t: number): number {
  const w = wetness(m, channel, t);
  return round(12 + 6 * smoothNoise(m.key, 40 + channel, t, 8 * HOUR) + 650 * w ** 1.2 + 2 * white(m.key, 44, t), 1);
}

/** Battery voltage (V): 3.6 V falling slowly over the years, faster in the cold and after the ageing knee. */
export function batteryVoltage(m: UnitModel, t: number): number | undefined {
  const b = m.battery;
  if (!b) return undefined;
  const years = b.ageYears + (t - b.since) / (365.25 * DAY);
  const knee = b.knee && t > b.knee.at ? ((t - b.knee.at) / DAY) * b.knee.perDay : 0;
  const cold = 0.004 * Math.max(0, -slowOutdoor(m.climate, t));
  return round(clamp(b.v0 - b.perYear * years - knee - cold, 2.8, 3.7), 3);
}

/** Modem signal strength (dBm). */
export function signalStrength(m: UnitModel, t: number): number {
  return Math.round(m.signalBase + 4 * smoothNoise(m.key, 50, t, 6 * HOUR) + 1.5 * white(m.key, 51, t));
}

/** Temperature inside the unit (°C): a pipe chamber warmed by the pipe, or a technical room. */
export function internalTemperature(m: UnitModel, t: number): number {
  const base =
    m.kind === 'pipe' ? 18 + 0.35 * outdoorTemperature(m.climate, t) : 23 + 0.1 * outdoorTemperature(m.climate, t);
  return round(base + smoothNoise(m.key, 52, t, 12 * HOUR) + 0.1 * white(m.key, 53, t), 1);
}

/** Indoor climate (°C): heating and occupancy give a daily cycle, warmest in the late afternoon. */
export function roomTemperature(m: UnitModel, t: number): number {
  const { hour } = localTime(t);
  return round(
    m.indoorBase +
      1.6 * Math.cos((2 * Math.PI * (hour - 16)) / 24) +
      0.05 * slowOutdoor(m.climate, t) +
      0.4 * smoothNoise(m.key, 60, t, 9 * HOUR) +
      0.05 * white(m.key, 61, t),
    1,
  );
}

/** Indoor relative humidity (%): drier in winter and in the heated afternoon. */
export function humidity(m: UnitModel, t: number): number {
  const { hour } = localTime(t);
  return round(
    clamp(
      38 +
        10 * season(t) -
        4 * Math.cos((2 * Math.PI * (hour - 16)) / 24) +
        3 * smoothNoise(m.key, 62, t, 10 * HOUR) +
        0.3 * white(m.key, 63, t),
      12,
      80,
    ),
    1,
  );
}

/** The share of bays taken at a local hour and weekday: busy in working hours, 8–17 on weekdays. */
function occupancyProbability(hour: number, weekday: number): number {
  if (weekday >= 1 && weekday <= 5) {
    if (hour >= 8 && hour < 17) return 0.88;
    if (hour >= 7 && hour < 8) return 0.5;
    if (hour >= 17 && hour < 19) return 0.5;
    if (hour >= 19 && hour < 23) return 0.28;
    return 0.08;
  }
  if (hour >= 10 && hour < 18) return 0.45;
  if (hour >= 8 && hour < 22) return 0.25;
  return 0.08;
}

/** A parking bay's occupancy (1 taken, 0 free), in half-hour stays offset per bay. */
export const PARKING_SLOT_MS = 30 * MINUTE;
export function occupied(m: UnitModel, t: number): number {
  const phase = (m.key % 30) * MINUTE;
  const slot = Math.floor((t + phase) / PARKING_SLOT_MS);
  const { hour, weekday } = localTime(slot * PARKING_SLOT_MS - phase + PARKING_SLOT_MS / 2);
  return rand(m.key, 70, slot) < occupancyProbability(hour, weekday) ? 1 : 0;
}

// ── Water level, air quality and heat meters (IoT sensors) ─────────────────────────────────────

/** Rain falls in periods of this length; a water level answers to each period's rain. */
export const RAIN_PERIOD_MS = 3 * HOUR;

/**
 * Rain (mm) in the 3-hour period k at a town: showers come with the passing weather (a slow
 * "wet spell" noise), and now and then a cloudburst. About 600–700 mm a year, like Sweden and
 * Denmark.
 */
export function rainInPeriod(c: Climate, k: number): number {
  const t = k * RAIN_PERIOD_MS;
  const wet = smoothNoise(c.key, 7, t, 2 * DAY) + 0.1 * smoothNoise(c.key, 8, t, 9 * HOUR);
  if (wet < 0.15) return 0;
  const p = rand(c.key, 9, k);
  if (p > 0.6) return 0;
  const burst = rand(c.key, 10, k) < 0.04 ? 8 : 1;
  return round((wet - 0.15) * 3.5 * (0.3 + p) * burst, 1);
}

/**
 * A valve pit or chamber with a water-level sensor: the level (cm above the floor) rises with
 * rain running in and drains slowly; groundwater keeps a little water in it, more in winter and
 * spring. A flood-prone pit takes more water per mm of rain and drains slower; a storm (a fixed
 * cloudburst) may be given so a small demo fleet shows a high level.
 */
type WaterPit = {
  depthCm: number; // the chamber is full at this level
  baseCm: number; // groundwater level
  cmPerMm: number; // rise per mm of rain
  drainH: number; // drain time constant
  storm: { at: number; mm: number } | null;
};

/** The share of a rain impulse still in the pit dt after it fell: in over an hour, out over `drainH`. */
const pitResponse = (dt: number, drainH: number) =>
  dt <= 0 ? 0 : (1 - Math.exp(-dt / HOUR)) * Math.exp(-dt / (drainH * HOUR));

/** Water level (cm) in a pit. */
export function waterLevel(m: UnitModel, t: number): number {
  const w = m.water;
  if (!w) return 0;
  let level = w.baseCm * (1 - 0.35 * season(t)) + 2 * smoothNoise(m.key, 100, t, 4 * DAY);
  const last = Math.floor(t / RAIN_PERIOD_MS);
  const periods = Math.ceil((6 * w.drainH * HOUR) / RAIN_PERIOD_MS);
  for (let k = last; k > last - periods; k--) {
    const mm = rainInPeriod(m.climate, k);
    if (mm > 0) level += mm * w.cmPerMm * pitResponse(t - (k + 0.5) * RAIN_PERIOD_MS, w.drainH);
  }
  if (w.storm) level += w.storm.mm * w.cmPerMm * pitResponse(t - w.storm.at, w.drainH);
  return round(clamp(level + 0.4 * white(m.key, 101, t), 0, w.depthCm), 1);
}

/**
 * A room with an air-quality sensor (CO₂ and PM2.5, plus temperature and humidity): an office or
 * a school class room. CO₂ follows the people in it, lagging behind as the ventilation catches up;
 * `co2Rise` is how far above the outdoor 420 ppm a full room gets (a poorly ventilated room goes
 * past 1400). PM2.5 comes in from outside: town background, worse in winter (wood burning) and in
 * the traffic peaks; `traffic` scales the peaks (a room facing a busy street).
 */
export type AirRoom = { use: 'office' | 'school'; co2Rise: number; traffic: number };

/** The share of a room's people present at a local hour and weekday (0–1). */
export function roomOccupancy(use: AirRoom['use'], hour: number, weekday: number): number {
  if (weekday === 0 || weekday === 6) return use === 'office' && hour >= 10 && hour < 14 ? 0.08 : 0;
  const [arrive, leave] = use === 'school' ? [8, 15] : [7.5, 16.5];
  const ramp = (x: number) => clamp(x, 0, 1);
  const present = Math.min(ramp((hour - arrive) / 1), ramp((leave + 1 - hour) / 1));
  const lunch = hour >= 11.5 && hour < 12.75 ? 0.45 : 1;
  return present * lunch;
}

/** CO₂ (ppm): the room's occupancy smoothed by the ventilation (45 minutes), day by day a little different. */
export function co2(m: UnitModel, t: number): number {
  const a = m.air;
  if (!a) return 0;
  let weighted = 0;
  let weights = 0;
  for (let i = 0; i < 12; i++) {
    const at = t - i * 15 * MINUTE;
    const { hour, weekday } = localTime(at);
    const w = Math.exp(-(i * 15) / 45);
    weighted += w * roomOccupancy(a.use, hour, weekday);
    weights += w;
  }
  const day = Math.floor(t / DAY);
  const crowd = 0.75 + 0.35 * rand(m.key, 110, day);
  const ppm = 420 + a.co2Rise * crowd * (weighted / weights) + 15 * smoothNoise(m.key, 111, t, 2 * HOUR);
  return Math.round(ppm + 6 * white(m.key, 112, t));
}

/** PM2.5 indoors (µg/m³): the outdoor air let in, the traffic peaks at 07:30 and 16:30 on weekdays. */
export function pm25(m: UnitModel, t: number): number {
  const a = m.air;
  if (!a) return 0;
  const { hour, weekday } = localTime(t);
  const weekdayTraffic = weekday >= 1 && weekday <= 5 ? 1 : 0.35;
  const peaks = gauss((hour - 7.5) / 1.1) + 0.8 * gauss((hour - 16.5) / 1.3);
  const background = (5 - 2.5 * season(t)) * (1 + 0.6 * smoothNoise(m.climate.key, 12, t, 2 * DAY));
  const outdoor = background + 9 * a.traffic * weekdayTraffic * peaks;
  const indoor =
    0.6 * outdoor + 1 + 2 * roomOccupancy(a.use, hour, weekday) + 0.8 * smoothNoise(m.key, 113, t, 3 * HOUR);
  return round(Math.max(0.5, indoor + 0.3 * white(m.key, 114, t)), 1);
}

/**
 * A heat meter on a building's district-heating substation. What it reports is its energy register
 * (kWh, only ever rising), like a real meter: consumption over a period is the difference of two
 * readings, which stays right however often (or seldom) the meter reports. The power behind it is
 * hot water (morning and evening peaks) and space heating, `kwPerK` for every degree the outdoor air
 * is below 17 °C, a little less at night.
 */
export type HeatMeter = { kwPerK: number; hotWaterKw: number; startKwh: number; since: number };

/** Heat power (kW) drawn at time t. */
export function heatPower(m: UnitModel, t: number): number {
  const h = m.meter;
  if (!h) return 0;
  const { hour } = localTime(t);
  const hotWater =
    h.hotWaterKw *
    (0.35 + 1.6 * gauss((hour - 7.25) / 1.2) + 1.2 * gauss((hour - 19) / 1.8)) *
    (1 + 0.15 * white(m.key, 120, t));
  const night = hour < 5 || hour >= 22 ? 0.88 : 1;
  const heating = h.kwPerK * Math.max(0, 17 - outdoorTemperature(m.climate, t)) * night;
  return Math.max(0, hotWater + heating * (1 + 0.05 * smoothNoise(m.key, 121, t, 6 * HOUR)));
}

/** The energy register's hourly readings since the meter's origin (kWh), extended as time goes on. */
const meterHours = new WeakMap<HeatMeter, number[]>();

/** The heat meter's register (kWh) at time t: hour by hour the power integrated since `since`. */
export function meterReading(m: UnitModel, t: number): number {
  const h = m.meter;
  if (!h) return 0;
  const hours = (t - h.since) / HOUR;
  if (hours <= 0) return h.startKwh;
  let cumulative = meterHours.get(h);
  if (!cumulative) {
    cumulative = [h.startKwh];
    meterHours.set(h, cumulative);
  }
  const whole = Math.floor(hours);
  while (cumulative.length <= whole) {
    const i = cumulative.length - 1;
    cumulative.push((cumulative[i] as number) + heatPower(m, h.since + (i + 0.5) * HOUR));
  }
  const partial = (hours - whole) * heatPower(m, h.since + (whole + 0.5) * HOUR);
  return round((cumulative[whole] as number) + partial, 1);
}
