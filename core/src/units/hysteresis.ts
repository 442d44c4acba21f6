import type { AlarmKey, AlarmSettings } from './alarmRules.ts';
import { AlarmType } from './alarmTypes.ts';

/**
 * Alarm hysteresis: a raised alarm clears only once its value is back beyond the limit by a
 * margin, and (where a hold time is set) only once it has stayed so for that long. A value
 * hovering around its limit then raises one alarm, not one every time it crosses.
 *
 * The kinds are named after the AlarmSettings limit they belong to. Each unit may override the
 * margin and the hold time of any kind with `AlarmSettings.hysteresis` (the alarm limits call).
 */
export const HYSTERESIS_KINDS = [
  'resistance',
  'loopMax',
  'loopOpen',
  'galvanic',
  'radarPct',
  'analog',
  'pt',
  'battery',
  'formula',
  'ground',
  'switch',
  'intrusion',
  'communication',
] as const;
export type HysteresisKind = (typeof HYSTERESIS_KINDS)[number];

export type HysteresisRule = {
  /**
   * How `margin` is read: 'relative' a fraction of the limit's magnitude (quantities read on a
   * log scale or spanning decades), 'absolute' in the quantity's own unit, 'none' a binary kind
   * (a switch, a report) that has no value margin and clears by its hold time alone.
   */
  scale: 'relative' | 'absolute' | 'none';
  margin: number;
  /** Seconds the value must stay back beyond the margin before the alarm clears (0: at once). */
  holdS: number;
};

/** A unit's own margin and hold time of a kind; what it leaves out comes from ALARM_HYSTERESIS. */
type HysteresisSetting = { margin?: number; holdS?: number };
export type HysteresisSettings = Partial<Record<HysteresisKind, HysteresisSetting>>;

/** The default hysteresis of every alarm kind, and why. */
export const ALARM_HYSTERESIS: Readonly<Record<HysteresisKind, HysteresisRule>> = {
  // Insulation resistance spans decades (0.5–200 MΩ) and is read on a log scale; a wet pipe's value
  // wanders a few per cent with temperature. 10 % above the limit is beyond that wander on every level.
  resistance: { scale: 'relative', margin: 0.1, holdS: 0 },
  // Copper gains ~0.4 %/°C: a 24 Ω loop swings about 1 Ω between day and night. 5 % under the limit.
  loopMax: { scale: 'relative', margin: 0.05, holdS: 0 },
  // A loose joint reads near the open-circuit level and jumps to it; back 5 % below means a closed loop.
  loopOpen: { scale: 'relative', margin: 0.05, holdS: 0 },
  // Wire-to-pipe voltage is noisy (electrochemistry, stray currents): 10 % under the limit.
  galvanic: { scale: 'relative', margin: 0.1, holdS: 0 },
  // The curve's departure from its reference varies about a point night to night: 2 percentage points.
  radarPct: { scale: 'absolute', margin: 2, holdS: 0 },
  // 4–20 mA / 0–10 V transmitters of any quantity: 5 % of the limit (a limit of 0 has no margin).
  analog: { scale: 'relative', margin: 0.05, holdS: 0 },
  // PT100/PT1000 probes read to about ±0.3 °C and the water ripples: 1 °C back inside.
  pt: { scale: 'absolute', margin: 1, holdS: 0 },
  // The voltage sags while the modem sends and recovers by some hundredths of a volt when idle or
  // warm: 0.1 V above the limit means a fresh or warmer battery, not a pause between sends.
  battery: { scale: 'absolute', margin: 0.1, holdS: 0 },
  // Computed from other channels, of any unit: 5 % of the limit, like the analog inputs.
  formula: { scale: 'relative', margin: 0.05, holdS: 0 },
  // Earth-electrode resistance follows soil moisture, like insulation resistance: 10 % above.
  ground: { scale: 'relative', margin: 0.1, holdS: 0 },
  // A water-level float bobs on waves and opens and closes within seconds: normal for 5 minutes.
  switch: { scale: 'none', margin: 0, holdS: 300 },
  // A lid being worked on is lifted and put back again and again: shut for 5 minutes.
  intrusion: { scale: 'none', margin: 0, holdS: 300 },
  // One report after a silence is not a recovered link: the unit must keep reporting for two hours
  // (twice the default report interval), so a unit late every other report stays one problem.
  // A unit reporting less often clears with its next report after that.
  communication: { scale: 'none', margin: 0, holdS: 7200 },
};

/** The alarm kind of an alarm type, for the types that clear with hysteresis. */
export function hysteresisKindOf(type: number): HysteresisKind | undefined {
  if (type >= 0 && type <= 3) return 'resistance';
  if (type === 4) return 'loopMax';
  if (type === 5) return 'loopOpen';
  if (type === 6 || type === 7) return 'galvanic';
  if (type === 8 || type === 9) return 'radarPct';
  if (type >= 10 && type <= 17) return 'analog';
  if (type === AlarmType.Communication) return 'communication';
  if (type >= 20 && type <= 27) return 'pt';
  if (type === 28) return 'battery';
  if (type >= 29 && type <= 32) return 'switch';
  if (type === 34) return 'intrusion';
  if (type >= 39 && type <= 42) return 'formula';
  if (type === 52) return 'ground';
  return undefined;
}

/** The hysteresis of a kind on a unit: its own margin and hold time where set, the defaults otherwise. */
export function hysteresisOf(settings: AlarmSettings | undefined, kind: HysteresisKind): HysteresisRule {
  const rule = ALARM_HYSTERESIS[kind];
  const own = settings?.hysteresis?.[kind];
  return {
    scale: rule.scale,
    margin: rule.scale === 'none' ? 0 : (own?.margin ?? rule.margin),
    holdS: own?.holdS ?? rule.holdS,
  };
}

/**
 * The limit a value must be back beyond before the alarm clears: a rising limit lowered by the
 * margin, a falling one raised by it. Rounded to 12 significant digits, so 10 MΩ + 10 % is 11.
 */
export function clearingLimit(rule: HysteresisRule, limit: number, direction: 'rising' | 'falling'): number {
  const amount =
    rule.scale === 'relative' ? rule.margin * Math.abs(limit) : rule.scale === 'absolute' ? rule.margin : 0;
  return Number((direction === 'rising' ? limit - amount : limit + amount).toPrecision(12));
}

/**
 * An alarm a measurement governs: `clears` when the value is back beyond its limit by the margin
 * (false while breached and while within the margin, where an active alarm stays), `holdS` how
 * long it must stay so before the alarm clears.
 */
export type GovernedAlarm = AlarmKey & { clears: boolean; holdS: number };

/** What any report of a unit says about its communication error: recovered, held for the hold time. */
export function communicationRecovered(settings: AlarmSettings | undefined): GovernedAlarm {
  return {
    channel: 0,
    type: AlarmType.Communication,
    clears: true,
    holdS: hysteresisOf(settings, 'communication').holdS,
  };
}
