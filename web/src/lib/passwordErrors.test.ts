import { describe, expect, it } from 'vitest';
import { passwordErrors, policyError } from './passwordErrors.ts';

describe('password errors', () => {
  it('puts a short password on the new field and a mismatch on the repeat', () => {
    expect(passwordErrors('abc', 'abc')).toEqual({
      password: { key: 'validation.passwordLength', params: { min: 6 } },
    });
    expect(passwordErrors('secret1', 'secret2')).toEqual({ repeat: { key: 'validation.passwordMismatch' } });
    expect(passwordErrors('secret1', 'secret1')).toEqual({});
  });

  it("reads the server's policy minimum back as the translated length rule", () => {
    expect(policyError('The password must be at least 12 characters')).toEqual({
      key: 'validation.passwordLength',
      params: { min: 12 },
    });
    expect(policyError('Authentication failed')).toBeNull();
  });
});
