import type { Profile } from '@fieldwatch/core';

/** A signed-in user's profile as the server sends it; a test names only the fields it is about. */
export const testProfile = (over: Partial<Profile> = {}): Profile => ({
  username: 'manager',
  name: 'Maja Berg',
  title: '',
  email: 'maja@example.com',
  phone: '',
  location: [0, 0],
  thumbnail: false,
  avatar: null,
  language: 'en',
  notification: { email: false, desktop: false },
  timeConfig: { timeFormat: '24h', timezone: 'GMT +01:00 Stockholm', dateFormat: 'DD MMM YYYY' },
  lastLogin: null,
  ...over,
});
