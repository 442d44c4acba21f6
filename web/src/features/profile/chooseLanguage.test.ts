import type { Access } from '@fieldwatch/core';
import { testProfile } from '@test/profile.ts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '@/i18n/i18n.ts';
import { queryClient } from '@/lib/query.ts';
import { useUserStore } from '@/stores/user.ts';
import { chooseLanguage } from './profileApi.ts';

const profile = testProfile({ username: 'operator', name: 'Oskar Berg', email: 'oskar@example.com' });

/** The language call, answered in memory after `delays[language]` ms: the profile with that language. */
function server(delays: Record<string, number> = {}) {
  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    const language = new URL(path, 'http://x').searchParams.get('language') ?? '';
    if (init?.method === 'PUT' && path.startsWith('/api/v3/user/profile/language')) {
      await new Promise((resolve) => setTimeout(resolve, delays[language] ?? 0));
      return new Response(JSON.stringify({ ...profile, language }), { status: 200 });
    }
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const languageCalls = (fetch: ReturnType<typeof server>) =>
  fetch.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([path]) => String(path));

describe('the top bar language choice', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  beforeEach(async () => {
    useUserStore.setState({ accessResponse: null, profile: null, activeLanguage: 'en' });
    await i18n.changeLanguage('en');
    queryClient.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('signed in: switches the page, saves the profile language and reads server texts again', async () => {
    const fetch = server();
    useUserStore.setState({ accessResponse: { Customers: [] } as unknown as Access, profile });
    queryClient.setQueryData(['notifications'], [{ message: 'Larm: ...' }]);

    await chooseLanguage('de');

    expect(languageCalls(fetch)).toEqual(['/api/v3/user/profile/language?language=de']);
    expect(useUserStore.getState().profile?.language).toBe('de');
    expect(useUserStore.getState().activeLanguage).toBe('de');
    expect(i18n.language).toBe('de');
    expect(queryClient.getQueryState(['notifications'])?.isInvalidated).toBe(true);
  });

  it('signed out (the sign-in page): switches the page and keeps it on this device only', async () => {
    const fetch = server();
    await chooseLanguage('sv');
    expect(languageCalls(fetch)).toEqual([]);
    expect(useUserStore.getState().activeLanguage).toBe('sv');
    // The user state is persisted, and clearing it (sign-out) keeps the language.
    useUserStore.getState().clear();
    expect(useUserStore.getState().activeLanguage).toBe('sv');
  });

  it('saves quick choices one after another, so the last one is what the profile keeps', async () => {
    const fetch = server({ da: 50, fr: 0 });
    useUserStore.setState({ accessResponse: { Customers: [] } as unknown as Access, profile });
    await Promise.all([chooseLanguage('da'), chooseLanguage('fr')]);
    expect(languageCalls(fetch)).toEqual([
      '/api/v3/user/profile/language?language=da',
      '/api/v3/user/profile/language?language=fr',
    ]);
    expect(useUserStore.getState().profile?.language).toBe('fr');
    expect(useUserStore.getState().activeLanguage).toBe('fr');
  });
});
