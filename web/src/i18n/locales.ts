import type { Language } from '@fieldwatch/core';
import { loadChunk } from '../lib/chunkLoad.ts';

type Texts = Record<string, unknown>;

/** Every language's texts is a chunk of its own, English too: a page loads only the one it shows (spec §1). */
const files = import.meta.glob<{ default: Texts }>('./locales/*.json');
const loading = new Map<Language, Promise<Texts>>();

/**
 * A language's texts, fetched once per page; the entry starts it beside the app's code. A failed or
 * timed-out load (a deploy replaced the file) offers a reload (lib/chunkLoad.ts), and a later call
 * tries again.
 */
export function loadLocale(lang: Language): Promise<Texts> {
  const file = files[`./locales/${lang}.json`];
  if (!file) return Promise.reject(new Error(`no locale file for ${lang}`));
  let texts = loading.get(lang);
  if (!texts) {
    texts = loadChunk(file).then(
      (m) => m.default,
      (error: unknown) => {
        loading.delete(lang);
        throw error;
      },
    );
    loading.set(lang, texts);
  }
  return texts;
}
