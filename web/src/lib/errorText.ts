import { DEFAULT_LANGUAGE } from '@fieldwatch/core';
import { i18n } from '@/i18n/i18n.ts';
import { ApiError } from './http.ts';

/** What kind of failure a status is, for readers of another language than the server's. */
function reasonKey(status: number): string {
  if (status === 0) return 'errors.offline';
  if (status === 401) return 'errors.loggedOut';
  if (status === 403) return 'errors.forbidden';
  if (status === 404) return 'errors.gone';
  if (status === 409) return 'errors.conflict';
  if (status === 413) return 'errors.tooLarge';
  if (status === 429) return 'errors.tooMany';
  if (status >= 500) return 'errors.unavailable';
  return 'errors.invalid';
}

/**
 * A failure as the reader is told it. The server words its refusals in plain English (the
 * spec's texts: "This username is taken"); a reader of English gets those words, anyone else the
 * kind of failure in their own language rather than a sentence they may not read. A lost
 * connection is said in every language.
 */
export function errorText(error: unknown): string {
  if (!(error instanceof ApiError)) return i18n.t('errors.generic');
  // A refusal with a code of its own is said in the reader's language.
  if (error.code?.startsWith('two_factor_') && i18n.exists(`twoFactor.errors.${error.code}`))
    return i18n.t(`twoFactor.errors.${error.code}`);
  if (error.status !== 0 && i18n.language === DEFAULT_LANGUAGE && error.message) return error.message;
  return i18n.t(reasonKey(error.status));
}
