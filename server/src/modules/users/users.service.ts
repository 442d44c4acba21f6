import { DATE_FORMATS, type DateFormat, isLanguage, type Profile } from '@fieldwatch/core';
import type { UserRow } from './users.repository.ts';

export * from './users.repository.ts';

/** The client profile of spec §3 from the stored profile columns. */
export function toProfile(u: UserRow): Profile {
  return {
    username: u.username,
    name: u.fullname,
    title: u.title,
    email: u.email,
    phone: u.phone,
    location: [u.gps_lat, u.gps_long],
    thumbnail: u.has_avatar,
    // The avatar's address carries its cache key, so a new image is fetched at once and an old one is kept.
    avatar: u.avatar_key ? `/api/v3/user/avatar?v=${u.avatar_key}` : null,
    language: isLanguage(u.language) ? u.language : 'en',
    notification: { email: u.notification_email, desktop: u.notification_desktop },
    timeConfig: {
      timeFormat: u.time_12h ? '12h' : '24h',
      timezone: u.timezone,
      dateFormat: (DATE_FORMATS as readonly string[]).includes(u.date_format)
        ? (u.date_format as DateFormat)
        : 'DD MMM YYYY',
    },
    lastLogin: u.previous_login ? u.previous_login.toISOString() : null,
  };
}
