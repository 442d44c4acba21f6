import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@fieldwatch/core';

/**
 * Texts the server writes for people (event titles, notification messages) in their language. The
 * web's locale files are the one source of every text: read here as data, never imported as code.
 */
const LOCALES = fileURLToPath(new URL('../../web/src/i18n/locales/', import.meta.url));
const cache = new Map<string, Record<string, unknown>>();

function bundle(lang: string): Record<string, unknown> {
  let b = cache.get(lang);
  if (!b) {
    const file = `${LOCALES}${(LANGUAGES as readonly string[]).includes(lang) ? lang : DEFAULT_LANGUAGE}.json`;
    b = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    cache.set(lang, b);
  }
  return b;
}

const lookup = (b: Record<string, unknown>, key: string): string | undefined => {
  const v = key
    .split('.')
    .reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), b);
  return typeof v === 'string' ? v : undefined;
};

/** The text of a key in a language, else in English, else the key itself. */
export function translate(lang: string, key: string): string {
  return lookup(bundle(lang), key) ?? lookup(bundle(DEFAULT_LANGUAGE), key) ?? key;
}
