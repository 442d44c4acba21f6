import { type ValidationError, validatePassword } from '@fieldwatch/core';
import { ApiError } from './http.ts';

/**
 * The password rules on the field each concerns: the length on the new password, a
 * mismatch on its repetition. Shared by the profile's password change and the reset page.
 */
export function passwordErrors(
  password: string,
  repeat: string,
): { password?: ValidationError; repeat?: ValidationError } {
  const error = validatePassword(password, repeat);
  if (!error) return {};
  return error.key === 'validation.passwordMismatch' ? { repeat: error } : { password: error };
}

/**
 * An organization's policy may ask for more than the spec's 6 characters; the server then answers
 * 400 with its minimum in English. Read back as the same i18n text, so the user sees their language.
 */
export function policyError(serverMessage: string): ValidationError | null {
  const min = /at least (\d+) characters/.exec(serverMessage)?.[1];
  return min ? { key: 'validation.passwordLength', params: { min: Number(min) } } : null;
}

/**
 * The server's answer to a wrong current password (403 'Authentication failed') or to too many
 * guesses (429; they count toward the sign-in limits), as the text to show on the password field.
 */
export function currentPasswordProblem(e: unknown): ValidationError | null {
  if (!(e instanceof ApiError)) return null;
  if (e.status === 403 && e.message === 'Authentication failed') return { key: 'profile.password.wrongCurrent' };
  if (e.status === 429)
    return { key: 'errors.tooManyAttempts', params: { seconds: /\d+/.exec(e.message)?.[0] ?? '30' } };
  return null;
}
