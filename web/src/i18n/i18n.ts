import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@fieldwatch/core';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isChunkLoadError } from '../lib/chunkLoad.ts';
import { isolateIn, showLanguage } from './direction.ts';
import { loadLocale } from './locales.ts';

export const i18n = i18next.createInstance();

/** A value put into a sentence of the page's language (bidi-isolated in right-to-left ones). */
const isolateInRtl = (value: string) => isolateIn(i18n.language, value);

export async function initI18n(lang: Language) {
  // Every locale has every key (locales.test.ts), so English is loaded only to be shown.
  await i18n.use(initReactI18next).init({
    resources: {},
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    // React escapes; the "escape" of a value put into a sentence is its bidi isolation (right to left only).
    interpolation: { escapeValue: true, escape: isolateInRtl },
    returnNull: false,
  });
  // A language whose file cannot be loaded starts the page in English, with the reload offer.
  const keepGoing = (error: unknown) => {
    if (!isChunkLoadError(error)) throw error;
  };
  await changeLanguage(lang).catch(async (error: unknown) => {
    keepGoing(error);
    if (lang !== DEFAULT_LANGUAGE) await changeLanguage(DEFAULT_LANGUAGE).catch(keepGoing);
  });
}

/** Changes the page language, direction and date locale; a language already loaded is reused. */
export async function changeLanguage(lang: string): Promise<Language> {
  const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  if (!i18n.hasResourceBundle(language, 'translation'))
    i18n.addResourceBundle(language, 'translation', await loadLocale(language));
  await i18n.changeLanguage(language);
  showLanguage(language);
  return language;
}
