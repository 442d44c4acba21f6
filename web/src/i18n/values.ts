import { isLanguage, textDirection } from '@fieldwatch/core';

/**
 * Numbers and measured values as text (docs/architecture.md, "Right-to-left"): the language's digits
 * and separators and a real minus sign (U+2212). A value and its unit are one left-to-right run, so
 * "−75 dBm" never reads "dBm 75-" inside Arabic text: on screen `<Value>` isolates it; as text (a
 * tooltip, a sentence, a chart label) it carries its own isolation in a right-to-left language.
 */

export const MINUS = '\u2212';
const HYPHEN_MINUS = /-/g;
/** LEFT-TO-RIGHT ISOLATE … POP DIRECTIONAL ISOLATE. */
const LRI = '\u2066';
const PDI = '\u2069';

const isRtl = (lang: string) => {
  const base = lang.split('-')[0];
  return isLanguage(base) && textDirection(base) === 'rtl';
};

const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(lang: string, max: number, min: number): Intl.NumberFormat {
  const key = `${lang}|${max}|${min}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(lang, { maximumFractionDigits: max, minimumFractionDigits: Math.min(min, max) });
    formats.set(key, f);
  }
  return f;
}

/** Decimals a measured value deserves: fewer for large values (187 MΩ), more for small ones (0.422 MΩ). */
export function valueDigits(v: number): number {
  const a = Math.abs(v);
  if (a >= 1000) return 0;
  if (a >= 100) return 1;
  if (a >= 1) return 2;
  if (a === 0) return 0;
  return 3;
}

/** A number's sign as typeset: Intl's hyphen-minus becomes the minus sign (Arabic's left-to-right mark before it stays). */
export const typesetMinus = (text: string) => text.replace(HYPHEN_MINUS, MINUS);

export type NumberOptions = {
  /** At most this many decimals (default: as many as the value deserves, `valueDigits`). */
  digits?: number;
  /** At least this many decimals (default none). */
  minDigits?: number;
};

/** A number in the interface language with a real minus sign: "−75", "16,1", "1 234". Missing values are "–". */
export function formatSigned(lang: string, value: number | null | undefined, options: NumberOptions = {}): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  const max = options.digits ?? valueDigits(value);
  // A value that rounds to zero prints as 0, not "−0".
  const shown = Math.round(value * 10 ** max) === 0 ? 0 : value;
  return typesetMinus(numberFormat(lang, max, options.minDigits ?? 0).format(shown));
}

/**
 * A measured value with its unit of measure, one left-to-right run: "−75 dBm", "16.1 °C", "0.422 MΩ"
 * (a no-break space between); in a right-to-left language the run is a left-to-right isolate. A count
 * or a value without a unit is the number alone.
 */
export function formatQuantity(
  lang: string,
  value: number | null | undefined,
  unit = '',
  options: NumberOptions = {},
): string {
  const n = formatSigned(lang, value, options);
  if (n === '–') return n;
  const run = unit ? `${n}\u00a0${unit}` : n;
  return isRtl(lang) ? `${LRI}${run}${PDI}` : run;
}
