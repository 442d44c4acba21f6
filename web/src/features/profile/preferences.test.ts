import type { Profile } from '@fieldwatch/core';
import { describe, expect, it } from 'vitest';
import { preferencesBody } from './preferences.ts';

const profile = {
  notification: { email: true, desktop: false },
  timeConfig: { timeFormat: '12h', timezone: 'GMT +09:00 Seoul', dateFormat: 'MMM DD YYYY' },
} as Profile;

describe('preferences body', () => {
  it("sends the profile's full settings with the change", () => {
    expect(preferencesBody(profile, { notification: { email: true, desktop: true } })).toEqual({
      timezone: 'GMT +09:00 Seoul',
      timeFormat: '12h',
      dateFormat: 'MMM DD YYYY',
      notification: { email: true, desktop: true },
    });
  });

  it('replaces a timezone the list no longer has by the default', () => {
    const old = { ...profile, timeConfig: { ...profile.timeConfig, timezone: 'GMT +01:00 Amsterdam' } };
    expect(preferencesBody(old).timezone).toBe('GMT +01:00 Stockholm');
  });
});
