/** Seeded randomness and the local clock the demo models share: every value is fixed by its arguments. */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

// ── Deterministic randomness ────────────────────────────────────────────────────────────────────

/** A 32-bit hash of some integers (each taken modulo 2^32). */
export function hash32(...xs: number[]): number {
  let h = 0x9e3779b9;
  for (const x of xs) {
    h ^= x | 0;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** A uniform number in [0, 1) fixed by its arguments. */
export const rand = (...xs: number[]) => hash32(...xs) / 4_294_967_296;

/** A seeded generator of uniform numbers in [0, 1) (mulberry32). */
export function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Smooth noise in [-1, 1]: random knots `period` apart, eased in between. */
export function smoothNoise(key: number, sub: number, t: number, period: number): number {
  const x = t / period;
  const k = Math.floor(x);
  const f = x - k;
  const s = f * f * (3 - 2 * f);
  const a = rand(key, sub, k) * 2 - 1;
  const b = rand(key, sub, k + 1) * 2 - 1;
  return a + (b - a) * s;
}

/** Noise in [-1, 1] that changes every second. */
export const white = (key: number, sub: number, t: number) => rand(key, sub, Math.floor(t / 1000)) * 2 - 1;

export const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
export const round = (v: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(v * f) / f;
};

// ── Calendar (the fleet is in Sweden and Denmark: CET, CEST in summer) ──────────────────────────

const dstCache = new Map<number, [number, number]>();
function dstRange(year: number): [number, number] {
  let r = dstCache.get(year);
  if (!r) {
    // EU rule: from the last Sunday of March to the last Sunday of October, at 01:00 UTC.
    const lastSunday = (month: number) => {
      const d = new Date(Date.UTC(year, month + 1, 0, 1));
      return d.getTime() - d.getUTCDay() * DAY;
    };
    r = [lastSunday(2), lastSunday(9)];
    dstCache.set(year, r);
  }
  return r;
}

type LocalTime = { hour: number; weekday: number; dayOfYear: number };

/** Local time in Stockholm and Copenhagen: fractional hour, weekday (0 Sunday), day of year (0-based). */
export function localTime(t: number): LocalTime {
  const year = new Date(t).getUTCFullYear();
  const [from, to] = dstRange(year);
  const local = t + (t >= from && t < to ? 2 : 1) * HOUR;
  const d = new Date(local);
  return {
    hour: d.getUTCHours() + d.getUTCMinutes() / 60 + d.getUTCSeconds() / 3600,
    weekday: d.getUTCDay(),
    dayOfYear: Math.floor((local - Date.UTC(d.getUTCFullYear(), 0, 1)) / DAY),
  };
}

/** −1 in the depth of winter (late January), +1 in high summer (late July). */
export const season = (t: number) => -Math.cos((2 * Math.PI * (localTime(t).dayOfYear - 20)) / 365.25);

/** A bell of height 1 at 0, for echoes and daily peaks. */
export const gauss = (x: number) => Math.exp(-x * x);
