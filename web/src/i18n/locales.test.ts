import { DEFAULT_LANGUAGE, LANGUAGES } from '@fieldwatch/core';
import { describe, expect, it } from 'vitest';
import { SAME_AS_ENGLISH } from './sameAsEnglish.ts';

type Json = Record<string, unknown>;

const files = import.meta.glob<Json>('../../../core/locales/*.json', { eager: true, import: 'default' });
const byLanguage = new Map(
  Object.entries(files).map(([path, json]) => [path.replace(/^.*\/(.+)\.json$/, '$1'), json] as const),
);
const en = byLanguage.get(DEFAULT_LANGUAGE) ?? {};
const translations = LANGUAGES.filter((lang) => lang !== DEFAULT_LANGUAGE);

const PLURAL = /^(.+)_(zero|one|two|few|many|other)$/;

/** Leaf values by dotted key path. */
function flatten(value: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

/** Keys grouped into entries: a plain key is its own entry, `x_one`/`x_other`/… form the plural entry `x_*`. */
function entries(flat: Map<string, unknown>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const key of flat.keys()) {
    const [, base, form] = PLURAL.exec(key) ?? [];
    const entry = base && form ? `${base}_*` : key;
    const forms = out.get(entry) ?? new Set<string>();
    if (form) forms.add(form);
    out.set(entry, forms);
  }
  return out;
}

function placeholders(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  const names = [...value.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].map((m) => m[1] ?? '');
  return [...new Set(names)].sort();
}

const enFlat = flatten(en);
const enEntries = entries(enFlat);

/** The English text a locale key is checked against: the same key, or for an extra plural form, `x_other`. */
function englishFor(key: string): unknown {
  if (enFlat.has(key)) return enFlat.get(key);
  const match = PLURAL.exec(key);
  return match ? enFlat.get(`${match[1]}_other`) : undefined;
}

function allowedSame(lang: string, key: string): boolean {
  const allowed = SAME_AS_ENGLISH[key];
  return allowed === '*' || (allowed?.includes(lang) ?? false);
}

describe('locale files', () => {
  it('exist for exactly the supported languages', () => {
    expect([...byLanguage.keys()].sort()).toEqual([...LANGUAGES].sort());
  });

  it('have an allowlist naming only keys that English has', () => {
    const stale = Object.keys(SAME_AS_ENGLISH).filter((key) => !enFlat.has(key));
    expect(stale, `allowlist keys missing from en.json: ${stale.join(', ')}`).toEqual([]);
  });

  it('choose the plural of "N of M …" by the total: such a text never prints the count as N', () => {
    // i18next picks the plural form by `count`, and the noun follows the total ("1 of 108 units").
    const wrong = [...byLanguage].flatMap(([lang, file]) =>
      [...flatten(file)]
        .filter(([key, value]) => PLURAL.test(key) && String(value).includes('{{total}}'))
        .filter(([, value]) => String(value).includes('{{count}}'))
        .map(([key]) => `${lang}: ${key}`),
    );
    expect(wrong).toEqual([]);
  });

  it('English spells "organisation" one way: the British spelling, as its other texts (colour, recognise)', () => {
    // Placeholders such as {{organization}} are names in code, not text people read.
    const american = [...enFlat]
      .filter(([, v]) => /organiz/i.test(String(v).replace(/\{\{[^{}]*\}\}/g, '')))
      .map(([k]) => k);
    expect(american, `en.json values spelling "organization": ${american.join(', ')}`).toEqual([]);
  });

  it('English has non-empty string values', () => {
    const bad = [...enFlat].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
    expect(bad, `empty or non-string values in en.json: ${bad.join(', ')}`).toEqual([]);
  });
});

/** Administration's tabs about people and dashboards, each with the title of the section it opens. */
const ADMIN_TAB_TITLES = {
  users: 'admin.users.title',
  accounts: 'admin.accounts.title',
  userManagement: 'admin.manage.title',
  dashboardOwnership: 'admin.ownership.personal.title',
  workspaceOwnership: 'admin.ownership.workspace.title',
} as const;

describe.each(LANGUAGES)('administration tabs in %s', (lang) => {
  const flat = flatten(byLanguage.get(lang) ?? {});

  it('are named as the section each opens, so no two read as the same thing', () => {
    for (const [tab, title] of Object.entries(ADMIN_TAB_TITLES))
      expect(flat.get(`admin.tabs.${tab}`), `admin.tabs.${tab}`).toBe(flat.get(title));
    const names = [...flat].filter(([key]) => key.startsWith('admin.tabs.')).map(([, name]) => name);
    expect(names.length).toBeGreaterThan(Object.keys(ADMIN_TAB_TITLES).length);
    expect(new Set(names).size, names.join(', ')).toBe(names.length);
  });
});

describe.each(translations)('locale %s', (lang) => {
  const flat = flatten(byLanguage.get(lang) ?? {});
  const own = entries(flat);
  const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories as string[];

  const report = (what: string, keys: string[]) => `${lang}.json ${what}: ${keys.join(', ')}`;

  it('has a file', () => {
    expect(byLanguage.has(lang), `missing locales/${lang}.json`).toBe(true);
  });

  it('has every key of en.json', () => {
    const missing: string[] = [];
    for (const entry of enEntries.keys()) {
      if (!own.has(entry)) missing.push(entry);
      else if (entry.endsWith('_*') && !own.get(entry)?.has('other')) missing.push(entry.replace(/\*$/, 'other'));
    }
    expect(missing, report('lacks keys', missing)).toEqual([]);
  });

  it('has no key that en.json lacks', () => {
    const extra = [...own.keys()].filter((entry) => !enEntries.has(entry));
    expect(extra, report('has keys not in en.json', extra)).toEqual([]);
  });

  it(`has exactly the plural forms of its language (${categories.join(', ')})`, () => {
    const wrong: string[] = [];
    for (const [entry, forms] of own) {
      if (!entry.endsWith('_*') || !enEntries.has(entry)) continue;
      const base = entry.slice(0, -2);
      for (const c of categories) if (!forms.has(c)) wrong.push(`${base}_${c} (missing)`);
      for (const f of forms) if (!categories.includes(f)) wrong.push(`${base}_${f} (not a ${lang} plural form)`);
    }
    expect(wrong, report('has wrong plural forms', wrong)).toEqual([]);
  });

  it('has no empty values', () => {
    const empty = [...flat].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
    expect(empty, report('has empty or non-string values', empty)).toEqual([]);
  });

  it('translates every value that is not on the allowlist', () => {
    const untranslated = [...flat]
      .filter(([key, value]) => value === englishFor(key) && !allowedSame(lang, key))
      .map(([key]) => key);
    expect(untranslated, report('has values identical to English', untranslated)).toEqual([]);
  });

  it('keeps the {{placeholders}} of English', () => {
    const differing: string[] = [];
    for (const [key, value] of flat) {
      const english = englishFor(key);
      if (english === undefined) continue;
      const want = placeholders(english);
      const got = placeholders(value);
      if (want.join('\n') !== got.join('\n'))
        differing.push(`${key} (en {${want.join(', ')}}, ${lang} {${got.join(', ')}})`);
    }
    expect(differing, report('has placeholders differing from English', differing)).toEqual([]);
  });
});
