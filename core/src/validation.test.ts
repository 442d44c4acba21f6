import { describe, expect, it } from 'vitest';
import { initials, isPhoneNumber, validateBlank, validateEmail, validatePassword } from './validation.ts';

describe('validation texts', () => {
  it('flags blank fields by name', () => {
    expect(validateBlank('  ', 'Username')).toEqual({ key: 'validation.blank', params: { name: 'Username' } });
    expect(validateBlank('x', 'Username')).toBeNull();
  });
  it('checks e-mail addresses', () => {
    expect(validateEmail('a@b.se', 'email')).toBeNull();
    expect(validateEmail('a@b', 'email')?.key).toBe('validation.email');
  });
  it('needs 6 characters and matching entries', () => {
    expect(validatePassword('12345')?.key).toBe('validation.passwordLength');
    expect(validatePassword('123456', '123457')?.key).toBe('validation.passwordMismatch');
    expect(validatePassword('123456', '123456')).toBeNull();
  });
  it('builds initials from first and remaining name', () => {
    expect(initials('Maja Lindqvist')).toBe('ML');
    expect(initials('anna maria berg')).toBe('AM');
    expect(initials('Solo')).toBe('S');
  });
});

describe('isPhoneNumber', () => {
  it('takes numbers as people write them, blank included, and refuses letters and other signs', () => {
    for (const ok of ['', '  ', '+45 12 34 56 78', '(040) 123-45.67']) expect(isPhoneNumber(ok), ok).toBe(true);
    for (const bad of ['call me', '12345x', '+45/123', '<b>1</b>']) expect(isPhoneNumber(bad), bad).toBe(false);
  });
});
