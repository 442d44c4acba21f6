/** The eight interface languages; en is bundled and the fallback. */
export const LANGUAGES = ['en', 'da', 'de', 'sv', 'fr', 'ar', 'ko', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
const RTL_LANGUAGES: readonly Language[] = ['ar'];

/** Each language's own name, shown in the language menu. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  da: 'Dansk',
  de: 'Deutsch',
  sv: 'Svenska',
  fr: 'Français',
  ar: 'العربية',
  ko: '한국어',
  zh: '中文',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function textDirection(lang: Language): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.includes(lang) ? 'rtl' : 'ltr';
}
