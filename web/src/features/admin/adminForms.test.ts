import { AVATAR_MAX_BYTES } from '@fieldwatch/core';
import { describe, expect, it } from 'vitest';
import {
  accountUrlProblem,
  contactProblems,
  imageProblem,
  lifetimeParts,
  newUserProblems,
  passwordProblem,
  profileProblems,
  securityProblems,
  signInLink,
  textOn,
} from './adminForms.ts';

describe('admin form checks', () => {
  it('accepts an empty account URL or one of lowercase letters, digits and inner hyphens', () => {
    for (const ok of ['', 'nordic-heat', 'a', 'x1']) expect(accountUrlProblem(ok)).toBeNull();
    for (const bad of ['Nordic', '-heat', 'heat-', 'nordic heat', 'å'])
      expect(accountUrlProblem(bad)).toEqual({ key: 'admin.general.accountUrlPattern' });
    expect(signInLink('https://fw.example', 'nordic-heat')).toBe('https://fw.example/a/nordic-heat');
  });

  it('checks a contact e-mail only when one is given', () => {
    expect(contactProblems({ email: '' }, 'E-mail')).toEqual({});
    expect(contactProblems({ email: 'ops@nordic.example' }, 'E-mail')).toEqual({});
    expect(contactProblems({ email: 'ops@' }, 'E-mail')).toEqual({
      email: { key: 'validation.email', params: { name: 'E-mail' } },
    });
  });

  it('refuses other image types and images over 1 MB', () => {
    expect(imageProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(imageProblem({ type: 'image/gif', size: 1000 })).toEqual({ key: 'admin.image.type' });
    expect(imageProblem({ type: 'image/webp', size: AVATAR_MAX_BYTES + 1 })).toEqual({ key: 'admin.image.size' });
  });

  it("applies the organisation's minimum length before the repeat", () => {
    expect(passwordProblem('short12', 'short12', 8)).toEqual({ key: 'validation.passwordLength', params: { min: 8 } });
    expect(passwordProblem('long enough', 'long enoug', 8)).toEqual({ key: 'validation.passwordMismatch' });
    expect(passwordProblem('long enough', 'long enough', 8)).toBeNull();
  });

  it('names blank, spaced and badly addressed new users', () => {
    const labels = { username: 'Username', name: 'Full name', email: 'E-mail' };
    expect(newUserProblems({ username: ' ', name: '', email: 'x' }, labels)).toEqual({
      username: { key: 'validation.blank', params: { name: 'Username' } },
      name: { key: 'validation.blank', params: { name: 'Full name' } },
      email: { key: 'validation.email', params: { name: 'E-mail' } },
    });
    expect(newUserProblems({ username: 'a b', name: 'A', email: '' }, labels)).toEqual({
      username: { key: 'admin.users.usernameSpaces' },
    });
    expect(newUserProblems({ username: 'ab', name: 'A B', email: 'a@b.se' }, labels)).toEqual({});
  });

  it('checks a profile name, e-mail and phone', () => {
    const labels = { name: 'Name', title: 'Title', email: 'E-mail', phone: 'Phone' };
    expect(profileProblems({ name: 'A', title: '', email: '', phone: '+46 (0)70-123.45' }, labels)).toEqual({});
    expect(profileProblems({ name: '', title: '', email: 'no', phone: 'call me' }, labels)).toEqual({
      name: { key: 'validation.blank', params: { name: 'Name' } },
      email: { key: 'validation.email', params: { name: 'E-mail' } },
      phone: { key: 'admin.profile.phonePattern' },
    });
  });

  it('shows whole days as days and checks the policy ranges', () => {
    expect(lifetimeParts(48)).toEqual({ amount: 2, unit: 'days' });
    expect(lifetimeParts(36)).toEqual({ amount: 36, unit: 'hours' });
    expect(securityProblems('8', '14', 'days')).toEqual({
      problems: {},
      passwordMinLength: 8,
      sessionLifetimeHours: 336,
    });
    const bad = securityProblems('5', '29', 'days');
    expect(Object.keys(bad.problems)).toEqual(['minLength', 'lifetime']);
    expect(securityProblems('65', '1.5', 'hours').problems.lifetime?.key).toBe('admin.security.lifetimeRange');
    expect(securityProblems('64', '672', 'hours').problems).toEqual({});
  });
});

describe('brand colour text', () => {
  it('puts white on dark colours and black on light ones', () => {
    expect(textOn('#1f62d8')).toBe('#ffffff');
    expect(textOn('#c41539')).toBe('#ffffff');
    expect(textOn('#ffcc00')).toBe('#000000');
    expect(textOn('#4bd3af')).toBe('#000000');
  });
});
