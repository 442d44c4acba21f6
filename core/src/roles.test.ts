import { describe, expect, it } from 'vitest';
import { AccessLevel, can, resources, strongestRole } from './roles.ts';

describe('can(role, action, resource)', () => {
  it('gives a SuperUser everything', () => {
    for (const r of resources) expect(can(AccessLevel.SuperUser, 'manage', r)).toBe(true);
  });
  it('lets a Reader read but not operate devices', () => {
    expect(can(AccessLevel.Reader, 'read', 'device')).toBe(true);
    expect(can(AccessLevel.Reader, 'write', 'device')).toBe(false);
  });
  it('keeps user management for SuperUsers', () => {
    expect(can(AccessLevel.User, 'manage', 'user')).toBe(false);
    expect(can(AccessLevel.User, 'write', 'device')).toBe(true);
  });
  it('picks the strongest role', () => {
    expect(strongestRole([2, 0, 1])).toBe(0);
    expect(strongestRole([])).toBeUndefined();
  });
});
