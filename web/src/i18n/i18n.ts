import { DEFAULT_LANGUAGE, isLanguage, type Language, textDirection } from '@fieldwatch/core';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';

/** English is bundled and the fallback; the other seven load on demand (spec §1). */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>(['./locales/*.json', '!./locales/en.json']);

export const i18n = i18next.createInstance();

export async function initI18n(lang: Language) {
  await i18n.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await changeLanguage(lang);
}

/** Changes the page language, direction and date locale; a language already loaded is reused. */
export async function changeLanguage(lang: string): Promise<Language> {
  const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  if (!i18n.hasResourceBundle(language, 'translation')) {
    const load = loaders[`./locales/${language}.json`];
    if (load) i18n.addResourceBundle(language, 'translation', (await load()).default);
  }
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  document.documentElement.dir = textDirection(language);
  return language;
}

/** Dates and numbers follow the interface language. */
export function formatDateTime(
  value: string | Date,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
) {
  return new Intl.DateTimeFormat(i18n.language, options).format(typeof value === 'string' ? new Date(value) : value);
}
