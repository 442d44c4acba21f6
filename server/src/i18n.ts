import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@fieldwatch/core';

/**
 * Texts the server writes for people (event titles, notification messages) in their language. The
 * locale files in core/locales are the one source of every text, the web app's and these: read here
 * as data.
 */
const LOCALES = path.dirname(createRequire(import.meta.url).resolve('@fieldwatch/core/locales/en.json'));
const cache = new Map<string, Record<string, unknown>>();

function bundle(lang: string): Record<string, unknown> {
  let b = cache.get(lang);
  if (!b) {
    const file = `${LOCALES}/${(LANGUAGES as readonly string[]).includes(lang) ? lang : DEFAULT_LANGUAGE}.json`;
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

const find = (lang: string, key: string) => lookup(bundle(lang), key) ?? lookup(bundle(DEFAULT_LANGUAGE), key);

/**
 * The first language of an Accept-Language header when it is one of ours ('sv-SE' is sv), else
 * undefined. Only the first: the web app sends the one language it shows.
 */
export function acceptedLanguage(header: string | undefined): Language | undefined {
  const first = header?.split(',')[0]?.split(';')[0]?.trim().toLowerCase().split('-')[0];
  return isLanguage(first) ? first : undefined;
}

/**
 * The text of a key in a language, else in English, else the key itself, with its {{placeholders}}
 * filled. A numeric `count` picks the language's plural form (`key_one`, `key_few`, … as i18next
 * names them), falling back to `key_other`.
 */
export function translate(lang: string, key: string, vars: Record<string, string | number> = {}): string {
  const count = vars.count;
  const plural =
    typeof count === 'number'
      ? (find(lang, `${key}_${new Intl.PluralRules(lang).select(count)}`) ?? find(lang, `${key}_other`))
      : undefined;
  const text = plural ?? find(lang, key) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}
