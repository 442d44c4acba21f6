import type { Language } from '@fieldwatch/core';
import { loadChunk } from '@/lib/chunkLoad.ts';

type Texts = Record<string, unknown>;

/**
 * Every language's texts are chunks of their own, English too: a page loads only the language it
 * shows. Each is in two parts (vite.config.ts, LATER_TEXTS): the first has every screen's
 * texts but those of administration, device, group and task management, onboarding and the
 * profile, which are the later part.
 */
export type TextPart = 'first' | 'later';
const files: Record<TextPart, Record<string, () => Promise<{ default: Texts }>>> = {
  first: import.meta.glob<{ default: Texts }>('../../../core/locales/*.json', { query: '?part=first' }),
  later: import.meta.glob<{ default: Texts }>('../../../core/locales/*.json', { query: '?part=later' }),
};
const loading = new Map<string, Promise<Texts>>();

/**
 * A language's texts, fetched once per page; the entry starts it beside the app's code. A failed or
 * timed-out load (a deploy replaced the file) offers a reload (lib/chunkLoad.ts), and a later call
 * tries again.
 */
export function loadLocale(lang: Language, part: TextPart = 'first'): Promise<Texts> {
  const file = files[part][`../../../core/locales/${lang}.json`];
  if (!file) return Promise.reject(new Error(`no locale file for ${lang}`));
  const key = `${lang}:${part}`;
  let texts = loading.get(key);
  if (!texts) {
    texts = loadChunk(file).then(
      (m) => m.default,
      (error: unknown) => {
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, texts);
  }
  return texts;
}
