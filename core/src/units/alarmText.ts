import { isLanguage, textDirection } from '../languages.ts';

/**
 * What an alarm says, as facts: its type and channel, the measured value and the limit it crossed
 * (null where the kind has none, or for alarms stored before facts were kept), and `text`, the
 * sentence a unit or an older version sent as it came, shown only when no sentence can be built.
 */
export type AlarmFacts = {
  type: number;
  channel: number;
  value?: number | null;
  limit?: number | null;
  text?: string;
};

/**
 * A sentence of `alarmText.<key>` in the locales, and the unit of measure of its value and limit;
 * with `days`, the value is a number of days, given as the plural `count`.
 */
type Sentence = { key: string; unit?: string; level?: number; measured: boolean; days?: boolean };

/** The sentence of each alarm type: its kind decides the words, the type the level. */
export function alarmSentenceOf(type: number): Sentence | undefined {
  const levelled = (key: string, first: number, unit?: string): Sentence => ({
    key,
    unit,
    level: type - first + 1,
    measured: true,
  });
  if (type >= 0 && type <= 3) return levelled('resistance', 0, 'MΩ');
  if (type === 4) return { key: 'loopHigh', unit: 'Ω', measured: true };
  if (type === 5) return { key: 'loopOpen', unit: 'Ω', measured: true };
  if (type === 6 || type === 7) return levelled('galvanic', 6, 'mV');
  if (type === 8 || type === 9) return levelled('radar', 8, '%');
  if (type >= 10 && type <= 17) {
    const level = Math.floor((type - 10) / 2) + 1;
    return { key: type % 2 === 0 ? 'analogLow' : 'analogHigh', level, measured: true };
  }
  if (type === 18) return { key: 'scheduled', measured: false };
  if (type === 19) return { key: 'communication', measured: false };
  if (type >= 20 && type <= 27) {
    const level = Math.floor((type - 20) / 2) + 1;
    return { key: type % 2 === 0 ? 'ptLow' : 'ptHigh', unit: '°C', level, measured: true };
  }
  if (type === 28) return { key: 'battery', unit: 'V', measured: true };
  if (type >= 29 && type <= 32) return { key: 'switch', level: type - 28, measured: false };
  if (type === 34) return { key: 'intrusion', measured: false };
  if (type >= 39 && type <= 42) return levelled('formula', 39);
  if (type === 43) return { key: 'disabled', measured: false };
  if (type === 52) return { key: 'ground', unit: 'Ω', measured: true };
  if (type === 60) return { key: 'fault', unit: 'm', measured: true };
  if (type === 61) return { key: 'forecastResistance', unit: 'MΩ', measured: true, days: true };
  if (type === 62) return { key: 'forecastBattery', unit: 'V', measured: true, days: true };
  return undefined;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
/** A number in the language's format with Latin digits, at most three decimals. */
export function formatNumber(lang: string, n: number): string {
  let f = numberFormats.get(lang);
  if (!f) {
    f = new Intl.NumberFormat(lang, { maximumFractionDigits: 3, numberingSystem: 'latn' });
    numberFormats.set(lang, f);
  }
  return f.format(n);
}

/**
 * A value kept as one left-to-right run inside a right-to-left sentence (LEFT-TO-RIGHT ISOLATE …
 * POP DIRECTIONAL ISOLATE): "−0.4 MΩ" and "25.4 %" never turn into "MΩ 0.4−" or "% 25.4". Not
 * FIRST STRONG ISOLATE: a number with "%" has no strong character, and Chromium then runs it
 * right to left. Left-to-right languages need no marks.
 */
export const isolate = (lang: string, s: string) =>
  isLanguage(lang) && textDirection(lang) === 'rtl' ? `\u2066${s}\u2069` : s;

/** A value with its unit of measure, isolated as one run; a no-break space keeps them on one line. */
export const formatMeasure = (lang: string, n: number, unit?: string) =>
  isolate(lang, unit ? `${formatNumber(lang, n)}\u00a0${unit}` : formatNumber(lang, n));

export type Translate = (key: string, vars: Record<string, string | number>) => string;

/**
 * An alarm's sentence in the reader's language, built from its facts through the locales'
 * `alarmText` keys: "Insulation resistance 0.981 MΩ below level 3 (1 MΩ)". An alarm of an unknown
 * type, or one stored before its value was kept, shows the text it came with.
 */
export function alarmSentence(facts: AlarmFacts, lang: string, t: Translate): string {
  const s = alarmSentenceOf(facts.type);
  const { value, limit } = facts;
  const known = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n);
  if (!s) return facts.text ?? '';
  const vars: Record<string, string | number> = { channel: facts.channel, level: s.level ?? 1 };
  if (s.measured) {
    if (!known(value) || !known(limit)) return facts.text ?? '';
    if (s.days) vars.count = Math.max(1, Math.round(value));
    else vars.value = formatMeasure(lang, value, s.unit);
    vars.limit = formatMeasure(lang, limit, s.unit);
  }
  return t(`alarmText.${s.key}`, vars);
}
