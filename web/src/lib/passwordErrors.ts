import { type ValidationError, validatePassword } from '@fieldwatch/core';

/**
 * The password rules of spec §5 on the field each concerns: the length on the new password, a
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
 * An organisation's policy may ask for more than the spec's 6 characters; the server then answers
 * 400 with its minimum in English. Read back as the same i18n text, so the user sees their language.
 */
export function policyError(serverMessage: string): ValidationError | null {
  const min = /at least (\d+) characters/.exec(serverMessage)?.[1];
  return min ? { key: 'validation.passwordLength', params: { min: Number(min) } } : null;
}
