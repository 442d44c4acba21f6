import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@fieldwatch/core';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isChunkLoadError } from '@/lib/chunkLoad.ts';
import { isolateIn, showLanguage } from './direction.ts';
import { loadLocale, type TextPart } from './locales.ts';

export const i18n = i18next.createInstance();

/** A value put into a sentence of the page's language (bidi-isolated in right-to-left ones). */
const isolateInRtl = (value: string) => isolateIn(i18n.language, value);

let markInitialised = () => {};
/** Resolved once i18next is set up: the router may ask for texts before the app has started it. */
const initialised = new Promise<void>((resolve) => {
  markInitialised = resolve;
});

export async function initI18n(lang: Language) {
  try {
    await setUp(lang);
  } finally {
    markInitialised();
  }
}

async function setUp(lang: Language) {
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

const added = new Set<string>();
/** Whether a screen has needed the later texts on this page: a new language then brings them too. */
let laterWanted = false;

/** Adds a part of a language's texts to i18next, once. */
async function addTexts(language: Language, part: TextPart) {
  if (added.has(`${language}:${part}`)) return;
  i18n.addResourceBundle(language, 'translation', await loadLocale(language, part), true, true);
  added.add(`${language}:${part}`);
}

/** Changes the page language, direction and date locale; a language already loaded is reused. */
export async function changeLanguage(lang: string): Promise<Language> {
  const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  await Promise.all([addTexts(language, 'first'), laterWanted ? addTexts(language, 'later') : undefined]);
  await i18n.changeLanguage(language);
  showLanguage(language);
  return language;
}

/**
 * The texts of the screens outside the overview (locales.ts), in the page's language: their routes
 * wait for them beside their code, so a screen never shows before its texts.
 */
export async function laterTexts(): Promise<void> {
  laterWanted = true;
  await initialised;
  await addTexts(isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE, 'later');
}
