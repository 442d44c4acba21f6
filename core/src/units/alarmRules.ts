import {
  clearingLimit,
  type GovernedAlarm,
  type HysteresisKind,
  type HysteresisSettings,
  hysteresisOf,
} from './hysteresis.ts';
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
  /** Margins and hold times that differ from ALARM_HYSTERESIS, per alarm kind (hysteresis.ts). */
  hysteresis?: HysteresisSettings;
};

/** The limits that may differ per channel (the device alarm tab edits these). */
const CHANNEL_LIMIT_KEYS = ['resistance', 'loopMax', 'loopOpen', 'galvanic'] as const;
type ChannelAlarmLimits = Pick<AlarmSettings, (typeof CHANNEL_LIMIT_KEYS)[number]>;

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

/** What one measured value says: the alarms it governs (and whether it clears each), the ones it raises. */
export type Evaluation = { governs: GovernedAlarm[]; raised: AlarmFinding[] };

/**
 * Which alarms one measured value governs, and which of them it raises. A governed alarm the value
 * does not raise `clears` only when the value is back beyond its limit by the kind's hysteresis
 * margin; within the margin an active alarm stays (and one not active is not raised). Channel 0
 * is the unit itself.
 */
export function evaluateValue(column: string, value: number, settings: AlarmSettings): Evaluation {
  const none: Evaluation = { governs: [], raised: [] };
  const def = seriesByColumn(column);
  if (!def) return none;
  const ch = def.channel ?? 0;
  const s = limitsOfChannel(settings, ch);
  const v = Number(value.toFixed(3));
  /** One limit of a kind: breached beyond it, cleared back beyond it by the margin. */
  const limit = (
    out: Evaluation,
    type: number,
    kind: HysteresisKind,
    t: number | undefined,
    direction: 'rising' | 'falling',
    x = value,
  ) => {
    const rule = hysteresisOf(settings, kind);
    if (t === undefined) {
      out.governs.push({ channel: ch, type, clears: true, holdS: rule.holdS });
      return;
    }
    const back = clearingLimit(rule, t, direction);
    const breached = direction === 'rising' ? x > t : x < t;
    const clears = direction === 'rising' ? x <= back : x >= back;
    out.governs.push({ channel: ch, type, clears, holdS: rule.holdS });
    if (breached) out.raised.push({ channel: ch, type, value: v, limit: t });
  };
  const levels = (
    thresholds: number[] | undefined,
    firstType: number,
    kind: HysteresisKind,
    direction: 'rising' | 'falling',
    x = value,
  ) => {
    const out: Evaluation = { governs: [], raised: [] };
    for (const [i, t] of (thresholds ?? []).entries()) limit(out, firstType + i, kind, t, direction, x);
    return out;
  };
  /** A binary kind (a switch, a lid): no value margin, it clears by its hold time. */
  const binary = (type: number, kind: HysteresisKind, on: boolean): Evaluation => ({
    governs: [{ channel: ch, type, clears: !on, holdS: hysteresisOf(settings, kind).holdS }],
    raised: on ? [{ channel: ch, type, value: null, limit: null }] : [],
  });
  switch (def.key) {
    case 'resistance':
      return levels(s.resistance, 0, 'resistance', 'falling');
    case 'loop': {
      // Open circuit (type 5) takes over from the loop alarm (type 4). Between the open limit and its
      // clearing limit each keeps its state, so a loop hovering at the open level raises neither anew.
      const openRule = hysteresisOf(settings, 'loopOpen');
      const highRule = hysteresisOf(settings, 'loopMax');
      const open = s.loopOpen !== undefined && value >= s.loopOpen;
      const openClears = s.loopOpen === undefined || value < clearingLimit(openRule, s.loopOpen, 'rising');
      const high = openClears && s.loopMax !== undefined && value > s.loopMax;
      const highClears = open || s.loopMax === undefined || value <= clearingLimit(highRule, s.loopMax, 'rising');
      return {
        governs: [
          { channel: ch, type: 4, clears: highClears, holdS: highRule.holdS },
          { channel: ch, type: 5, clears: openClears, holdS: openRule.holdS },
        ],
        raised: [
          ...(high ? [{ channel: ch, type: 4, value: v, limit: s.loopMax ?? null }] : []),
          ...(open ? [{ channel: ch, type: 5, value: v, limit: s.loopOpen ?? null }] : []),
        ],
      };
    }
    case 'galvanic':
      return levels(s.galvanic, 6, 'galvanic', 'rising', Math.abs(value));
    case 'analog':
    case 'pt': {
      const kind = def.key;
      const base = kind === 'analog' ? 10 : 20;
      const out: Evaluation = { governs: [], raised: [] };
      (s[kind] ?? []).forEach((lvl, i) => {
        limit(out, base + 2 * i, kind, lvl.low, 'falling');
        limit(out, base + 2 * i + 1, kind, lvl.high, 'rising');
      });
      return out;
    }
    case 'radarPercentage':
      return levels(s.radarPct, 8, 'radarPct', 'rising');
    case 'battery':
      return s.battery === undefined ? none : levels([s.battery], 28, 'battery', 'falling');
    case 'switch': {
      const closed = value >= 0.5;
      return s.switchAlarm ? binary(28 + (def.channel ?? 1), 'switch', s.normallyClosed ? !closed : closed) : none;
    }
    case 'intrusion':
      return s.intrusion ? binary(34, 'intrusion', value >= 0.5) : none;
    case 'formula':
      return levels(s.formula, 39, 'formula', 'rising');
    case 'groundResistance':
      return s.ground === undefined ? none : levels([s.ground], 52, 'ground', 'falling');
    default:
      return none;
  }
}
