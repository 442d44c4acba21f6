import { DEFAULT_LANGUAGE, type Language } from '@fieldwatch/core';
import { isolateIn } from '@/i18n/direction.ts';

/**
 * The sign-in page's texts without i18next: the locale groups it shows (app, login, pages, errors,
 * validation, shell), picked from the locale files at build time (vite.config.ts, jsonPick). English
 * comes with the page; another language loads its few kilobytes when shown.
 */
type Texts = Record<string, unknown>;
export type Translate = (key: string, params?: Record<string, string | number>) => string;

const english = import.meta.glob<Texts>('../../../../core/locales/en.json', {
  query: '?pick=app,login,pages,errors,validation,shell',
  import: 'default',
  eager: true,
});
const others = import.meta.glob<Texts>(['../../../../core/locales/*.json', '!../../../../core/locales/en.json'], {
  query: '?pick=app,login,pages,errors,validation,shell',
  import: 'default',
});
const EN = Object.values(english)[0] ?? {};

const lookup = (texts: Texts, key: string): unknown =>
  key.split('.').reduce<unknown>((at, part) => (at as Texts | undefined)?.[part], texts);

/** Texts of a language, English where it has none; {{name}} takes a parameter, isolated in right-to-left text. */
export function translator(lang: Language, texts: Texts): Translate {
  return (key, params) => {
    const text = lookup(texts, key) ?? lookup(EN, key);
    if (typeof text !== 'string') return key;
    return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
      params?.[name] === undefined ? whole : isolateIn(lang, String(params[name])),
    );
  };
}

/** The texts of a language (a failed load rejects: the caller stays in the language it shows). */
export async function signInTexts(lang: Language): Promise<Translate> {
  const load = lang === DEFAULT_LANGUAGE ? undefined : others[`../../../../core/locales/${lang}.json`];
  return translator(lang, load ? await load() : EN);
}

/**
 * Texts that follow the page's language: `text` and `bind` render with the current texts, and again
 * whenever `show` gets a language's texts.
 */
export function liveTexts(first: Translate) {
  let t = first;
  const binders: ((t: Translate) => void)[] = [];
  const bind = (fn: (t: Translate) => void) => {
    binders.push(fn);
    fn(t);
  };
  return {
    t: (key: string, params?: Record<string, string | number>) => t(key, params),
    bind,
    text: (key: string, params?: Record<string, string | number>) => {
      const node = document.createTextNode('');
      bind((tr) => {
        node.data = tr(key, params);
      });
      return node;
    },
    show(next: Translate) {
      t = next;
      for (const fn of binders) fn(t);
    },
  };
}
export type LiveTexts = ReturnType<typeof liveTexts>;
