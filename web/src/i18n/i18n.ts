import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@fieldwatch/core';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isChunkLoadError, loadChunk } from '../lib/chunkLoad.ts';
import { isolateIn, showLanguage } from './direction.ts';
import en from './locales/en.json';

/** English is bundled and the fallback; the other seven load on demand (spec §1). */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>(['./locales/*.json', '!./locales/en.json']);

export const i18n = i18next.createInstance();

/** A value put into a sentence of the page's language (bidi-isolated in right-to-left ones). */
const isolateInRtl = (value: string) => isolateIn(i18n.language, value);

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
  showLanguage(language);
  return language;
}
