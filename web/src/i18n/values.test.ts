import { describe, expect, it } from 'vitest';
import { formatQuantity, formatSigned, MINUS, typesetMinus, valueDigits } from './values.ts';

const LRI = '\u2066';
const PDI = '\u2069';
const LRM = '\u200e';
const NBSP = '\u00a0';

describe('formatSigned', () => {
  it('writes a negative number with the minus sign U+2212, in every language', () => {
    expect(formatSigned('en', -75)).toBe(`${MINUS}75`);
    expect(formatSigned('de', -16.14, { digits: 1 })).toBe(`${MINUS}16,1`);
    expect(formatSigned('sv', -0.5, { digits: 1 })).toBe(`${MINUS}0,5`);
    // Arabic keeps Intl's left-to-right mark before the sign: the sign stays with the number even unisolated.
    expect(formatSigned('ar', -75)).toBe(`${LRM}${MINUS}75`);
    for (const lang of ['en', 'da', 'de', 'sv', 'fr', 'ar', 'ko', 'zh']) {
      expect(formatSigned(lang, -3.25, { digits: 2 }), lang).not.toContain('-');
      expect(formatSigned(lang, -3.25, { digits: 2 }), lang).toContain(MINUS);
    }
  });

  it('gives a value the decimals it deserves, never a negative zero, and a dash when missing', () => {
    expect(valueDigits(187.3)).toBe(1);
    expect(formatSigned('en', 0.42171)).toBe('0.422');
    expect(formatSigned('en', 24.126)).toBe('24.13');
    expect(formatSigned('en', 1234.5)).toBe('1,235');
    expect(formatSigned('en', -0.0001, { digits: 1 })).toBe('0');
    expect(formatSigned('en', 3, { digits: 1, minDigits: 1 })).toBe('3.0');
    expect(formatSigned('en', undefined)).toBe('–');
    expect(formatSigned('en', null)).toBe('–');
    expect(formatSigned('en', Number.NaN)).toBe('–');
  });

  it('typesets only the sign', () => {
    expect(typesetMinus('-1,5')).toBe(`${MINUS}1,5`);
    expect(typesetMinus('12')).toBe('12');
  });
});

describe('formatQuantity', () => {
  it('keeps the value and its unit together with the minus sign: "−75 dBm", "16.1 °C"', () => {
    expect(formatQuantity('en', -75, 'dBm')).toBe(`${MINUS}75${NBSP}dBm`);
    expect(formatQuantity('en', 16.1, '°C', { digits: 1 })).toBe(`16.1${NBSP}°C`);
    expect(formatQuantity('fr', -0.981, 'MΩ')).toBe(`${MINUS}0,981${NBSP}MΩ`);
    expect(formatQuantity('en', 42, '')).toBe('42');
    expect(formatQuantity('en', undefined, 'V')).toBe('–');
  });

  it('is one left-to-right isolate in a right-to-left language, so it never reads "dBm 75-"', () => {
    expect(formatQuantity('ar', -75, 'dBm')).toBe(`${LRI}${LRM}${MINUS}75${NBSP}dBm${PDI}`);
    expect(formatQuantity('ar', 16.1, '°C', { digits: 1 })).toBe(`${LRI}16.1${NBSP}°C${PDI}`);
    // Left-to-right languages need no marks.
    expect(formatQuantity('en', -75, 'dBm')).not.toMatch(/[\u2066-\u2069\u200e\u200f]/);
  });
});
