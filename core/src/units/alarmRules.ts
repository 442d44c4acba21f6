import { seriesByColumn } from './series.ts';

/** Per-unit alarm thresholds; arrays of levels are ordered level 1, 2, … */
export type AlarmSettings = {
  resistance?: number[]; // MΩ, falling, levels 1–4 → types 0–3
  loopMax?: number; // Ω, rising → type 4
  loopOpen?: number; // Ω at or above which the loop is open → type 5
  galvanic?: number[]; // mV, rising, levels 1–2 → types 6–7
  radarPct?: number[]; // %, rising, levels 1–2 → types 8–9
  analog?: { low?: number; high?: number }[]; // levels 1–4 → types 10–17 (low, high alternate)
  pt?: { low?: number; high?: number }[]; // levels 1–4 → types 20–27
  battery?: number; // V, falling → type 28
  switchAlarm?: boolean; // switch channel 1–4 closed → types 29–32
  normallyClosed?: boolean; // switches alarm when open instead
  intrusion?: boolean; // → type 34
  formula?: number[]; // rising, levels 1–4 → types 39–42
  ground?: number; // Ω, falling → type 52
  /** Limits of one channel (1-based, as on the wire) that differ from the unit's. */
  channels?: Record<string, ChannelAlarmLimits>;
};

/** The limits that may differ per channel (the device alarm tab edits these). */
export const CHANNEL_LIMIT_KEYS = ['resistance', 'loopMax', 'loopOpen', 'galvanic'] as const;
export type ChannelAlarmLimits = Pick<AlarmSettings, (typeof CHANNEL_LIMIT_KEYS)[number]>;

/** The limits in force on a channel: the channel's own where set, the unit's otherwise. */
export function limitsOfChannel(s: AlarmSettings, channel: number): AlarmSettings {
  const own = s.channels?.[String(channel)];
  return own ? { ...s, ...own } : s;
}

/** Thresholds that fit the demo and typical data sheets (DOMAIN.md). */
export const DEFAULT_ALARM_SETTINGS: AlarmSettings = {
  resistance: [10, 5, 1, 0.5],
  loopMax: 60,
  loopOpen: 10000,
  galvanic: [200, 500],
  radarPct: [10, 25],
  battery: 3.3,
  switchAlarm: true,
  intrusion: true,
  pt: [{ low: -20, high: 130 }],
};

export type AlarmKey = { channel: number; type: number };
/** A breached limit: the value measured and the limit it crossed (null for kinds without one). */
export type AlarmFinding = AlarmKey & { value: number | null; limit: number | null };

/**
 * Which alarms one measured value governs, and which of them it raises. Alarms a value governs
 * but does not raise are cleared. Channel 0 is the unit itself.
 */
export function evaluateValue(
  column: string,
  value: number,
  settings: AlarmSettings,
): { governs: AlarmKey[]; raised: AlarmFinding[] } {
  const def = seriesByColumn(column);
  if (!def) return { governs: [], raised: [] };
  const ch = def.channel ?? 0;
  const s = limitsOfChannel(settings, ch);
  const v = Number(value.toFixed(3));
  const levels = (thresholds: number[] | undefined, firstType: number, breached: (v: number, t: number) => boolean) => {
    const list = thresholds ?? [];
    return {
      governs: list.map((_, i) => ({ channel: ch, type: firstType + i })),
      raised: list.flatMap((t, i) =>
        breached(value, t) ? [{ channel: ch, type: firstType + i, value: v, limit: t }] : [],
      ),
    };
  };
  const single = (type: number, on: boolean, limit: number | null = null) => ({
    governs: [{ channel: ch, type }],
    raised: on ? [{ channel: ch, type, value: limit === null ? null : v, limit }] : [],
  });
  switch (def.key) {
    case 'resistance':
      return levels(s.resistance, 0, (x, t) => x < t);
    case 'loop': {
      const open = s.loopOpen !== undefined && value >= s.loopOpen;
      const high = !open && s.loopMax !== undefined && value > s.loopMax;
      return {
        governs: [
          { channel: ch, type: 4 },
          { channel: ch, type: 5 },
        ],
        raised: [
          ...(high ? [{ channel: ch, type: 4, value: v, limit: s.loopMax ?? null }] : []),
          ...(open ? [{ channel: ch, type: 5, value: v, limit: s.loopOpen ?? null }] : []),
        ],
      };
    }
    case 'galvanic':
      return levels(s.galvanic, 6, (x, t) => Math.abs(x) > t);
    case 'analog':
    case 'pt': {
      const base = def.key === 'analog' ? 10 : 20;
      const list = (def.key === 'analog' ? s.analog : s.pt) ?? [];
      const out = { governs: [] as AlarmKey[], raised: [] as AlarmFinding[] };
      list.forEach((lvl, i) => {
        const low = { channel: ch, type: base + 2 * i };
        const high = { channel: ch, type: base + 2 * i + 1 };
        out.governs.push(low, high);
        if (lvl.low !== undefined && value < lvl.low) out.raised.push({ ...low, value: v, limit: lvl.low });
        if (lvl.high !== undefined && value > lvl.high) out.raised.push({ ...high, value: v, limit: lvl.high });
      });
      return out;
    }
    case 'radarPercentage':
      return levels(s.radarPct, 8, (x, t) => x > t);
    case 'battery':
      return s.battery === undefined ? { governs: [], raised: [] } : single(28, value < s.battery, s.battery);
    case 'switch': {
      const closed = value >= 0.5;
      return s.switchAlarm
        ? single(28 + (def.channel ?? 1), s.normallyClosed ? !closed : closed)
        : { governs: [], raised: [] };
    }
    case 'intrusion':
      return s.intrusion ? single(34, value >= 0.5) : { governs: [], raised: [] };
    case 'formula':
      return levels(s.formula, 39, (x, t) => x > t);
    case 'groundResistance':
      return s.ground === undefined ? { governs: [], raised: [] } : single(52, value < s.ground, s.ground);
    default:
      return { governs: [], raised: [] };
  }
}
