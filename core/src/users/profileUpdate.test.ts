import { describe, expect, it } from 'vitest';
import { strictestPolicy } from './organizationPolicy.ts';
import { pickProfileUpdate, profileProblems } from './profileUpdate.ts';

describe('profile field updates', () => {
  it('accepts only title, email, phone, location and name, and names the rest', () => {
    const { update, unknown } = pickProfileUpdate({
      name: 'A',
      title: 'T',
      username: 'x',
      avatar: 'y',
      location: [1, 2],
    });
    expect(update).toEqual({ name: 'A', title: 'T', location: [1, 2] });
    expect(unknown.sort()).toEqual(['avatar', 'username']);
  });

  it('refuses a blank name and a bad e-mail, and lets an empty e-mail through', () => {
    expect(profileProblems({ name: ' ' })).toEqual([
      { field: 'name', error: { key: 'validation.blank', params: { name: 'name' } } },
    ]);
    expect(profileProblems({ email: 'x@' })[0]?.field).toBe('email');
    expect(profileProblems({ email: '', name: 'Ok' })).toEqual([]);
  });
});

describe('organisation policies', () => {
  it('takes the longest password minimum and the shortest session, never below the spec minimum', () => {
    expect(strictestPolicy([])).toEqual({ passwordMinLength: 6, sessionLifetimeHours: 672 });
    expect(
      strictestPolicy([
        { passwordMinLength: 8, sessionLifetimeHours: 24 },
        { passwordMinLength: 12, sessionLifetimeHours: 72 },
      ]),
    ).toEqual({ passwordMinLength: 12, sessionLifetimeHours: 24 });
  });
});
