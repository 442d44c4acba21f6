import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '@/i18n/i18n.ts';
import { errorText } from './errorText.ts';
import { ApiError } from './http.ts';

beforeAll(() => initI18n('en'));
afterAll(() => changeLanguage('en'));

describe('errorText', () => {
  it("gives a reader of English the server's words, and a lost connection in plain words", async () => {
    await changeLanguage('en');
    expect(errorText(new ApiError(409, 'This username is taken'))).toBe('This username is taken');
    expect(errorText(new ApiError(0, 'Failed to fetch'))).toBe(
      'No connection to the server. Check the network and try again.',
    );
    expect(errorText(new Error('x is undefined'))).toBe('Something went wrong');
  });

  it('gives a reader of another language the kind of failure in their language, never the English sentence', async () => {
    await changeLanguage('de');
    expect(errorText(new ApiError(409, 'This username is taken'))).toBe(
      'Das steht im Widerspruch zu Vorhandenem: ein Name oder eine Adresse ist vergeben, oder jemand hat inzwischen etwas geändert.',
    );
    expect(errorText(new ApiError(403, 'You may not administer this organisation'))).toBe('Das dürfen Sie nicht.');
    expect(errorText(new ApiError(400, 'name should not be blank'))).toContain('Der Server hat die gesendeten Werte');
    expect(errorText(new ApiError(503, 'Weather service unavailable'))).not.toContain('Weather');
  });

  it("says a two-factor refusal by its code in the reader's language", async () => {
    const refusal = new ApiError(
      403,
      'Your organisation requires two-factor sign-in: set it up first',
      'two_factor_required',
    );
    await changeLanguage('sv');
    expect(errorText(refusal)).toBe('Din organisation kräver tvåstegsinloggning. Konfigurera den först.');
    await changeLanguage('en');
    expect(errorText(new ApiError(417, 'The code is not right', 'two_factor_code_wrong'))).toBe(
      'The code is not right.',
    );
  });
});
