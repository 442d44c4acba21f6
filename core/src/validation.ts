import { PASSWORD_MIN_LENGTH } from './constants.ts';

/** Validation texts, as i18n keys with their parameters. */
export type ValidationError = { key: string; params?: Record<string, string | number> };

export function validateBlank(value: string, name: string): ValidationError | null {
  return value.trim() === '' ? { key: 'validation.blank', params: { name } } : null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function validateEmail(value: string, name: string): ValidationError | null {
  return EMAIL.test(value.trim()) ? null : { key: 'validation.email', params: { name } };
}

/** A telephone number as people write it: digits, spaces and + ( ) - . only (blank is no number). */
export const PHONE_PATTERN = '^[0-9+()\\-. ]*$';
const PHONE = new RegExp(PHONE_PATTERN);
export const isPhoneNumber = (text: string) => PHONE.test(text.trim());

export function validatePassword(password: string, repeat?: string): ValidationError | null {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return { key: 'validation.passwordLength', params: { min: PASSWORD_MIN_LENGTH } };
  }
  if (repeat !== undefined && repeat !== password) return { key: 'validation.passwordMismatch' };
  return null;
}

/** Initials: the first letter of the first name and of the remaining name. */
export function initials(fullName: string): string {
  const [first = '', ...rest] = fullName.trim().split(/\s+/);
  const remaining = rest.join(' ');
  return (first.charAt(0) + remaining.charAt(0)).toUpperCase();
}
