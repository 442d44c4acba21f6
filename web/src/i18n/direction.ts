import { isLanguage, type Language, textDirection } from '@fieldwatch/core';

/**
 * In a right-to-left language every value put into a sentence ({{name}}, {{time}}, {{value}}) is a
 * bidi isolate (FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE, as Fluent does): a Latin unit name,
 * a serial or a negative number keeps its own order inside Arabic words, and its neutral characters
 * (#, −, parentheses) stay with it. Left-to-right languages get the value as it is.
 */
export function isolateIn(lang: string, value: string): string {
  return value !== '' && isLanguage(lang) && textDirection(lang) === 'rtl' ? `\u2068${value}\u2069` : value;
}

/** The page's language and direction (<html lang dir>); the server words its texts in it too. */
export function showLanguage(lang: Language) {
  document.documentElement.lang = lang;
  document.documentElement.dir = textDirection(lang);
}
