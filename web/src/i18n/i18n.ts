import { DEFAULT_LANGUAGE, isLanguage, type Language, textDirection } from '@fieldwatch/core';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isChunkLoadError, loadChunk } from '../lib/chunkLoad.ts';
import en from './locales/en.json';

/** English is bundled and the fallback; the other seven load on demand (spec §1). */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>(['./locales/*.json', '!./locales/en.json']);

export const i18n = i18next.createInstance();

/**
 * In a right-to-left language every value put into a sentence ({{name}}, {{time}}, {{value}}) is a
 * bidi isolate (FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE, as Fluent does): a Latin unit name,
 * a serial or a negative number keeps its own order inside Arabic words, and its neutral characters
 * (#, −, parentheses) stay with it. Left-to-right languages get the value as it is.
 */
export function isolateInRtl(value: string): string {
  const lang = i18n.language;
  return value !== '' && isLanguage(lang) && textDirection(lang) === 'rtl' ? `\u2068${value}\u2069` : value;
}

export async function initI18n(lang: Language) {
  await i18n.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    // React escapes; the "escape" of a value put into a sentence is its bidi isolation (right to left only).
    interpolation: { escapeValue: true, escape: isolateInRtl },
    returnNull: false,
  });
  // A language whose file cannot be loaded starts the page in English, with the reload offer.
  await changeLanguage(lang).catch((error: unknown) => {
    if (!isChunkLoadError(error)) throw error;
  });
}

/** Changes the page language, direction and date locale; a language already loaded is reused. */
export async function changeLanguage(lang: string): Promise<Language> {
  const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  if (!i18n.hasResourceBundle(language, 'translation')) {
    const load = loaders[`./locales/${language}.json`];
    // A failed or timed-out load (a deploy replaced the file) offers a reload (lib/chunkLoad.ts).
    if (load) i18n.addResourceBundle(language, 'translation', (await loadChunk(load)).default);
  }
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  document.documentElement.dir = textDirection(language);
  return language;
}
