import { DATE_FORMATS, type DateFormat, isLanguage, type Profile } from '@fieldwatch/core';
import type { Queryable } from '../../db/db.ts';
import type { NewUser, UserRow } from './users.repository.ts';
import * as usersRepository from './users.repository.ts';

/** The profile clients show, from the stored profile columns. */
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

// The stored rows other modules read and write, through this service only.
export type { UserRow } from './users.repository.ts';

export function deleteUser(db: Queryable, userId: number) {
  return usersRepository.deleteUser(db, userId);
}

export function findUserById(db: Queryable, id: number) {
  return usersRepository.findUserById(db, id);
}

export function findUserByUsername(db: Queryable, username: string) {
  return usersRepository.findUserByUsername(db, username);
}

export function findUsersByEmail(db: Queryable, email: string) {
  return usersRepository.findUsersByEmail(db, email);
}

export function insertUser(db: Queryable, u: NewUser) {
  return usersRepository.insertUser(db, u);
}

export function profilesInOrganizations(db: Queryable, organizationIds: readonly number[]) {
  return usersRepository.profilesInOrganizations(db, organizationIds);
}

export function removeUserRole(db: Queryable, userId: number, organizationId: number) {
  return usersRepository.removeUserRole(db, userId, organizationId);
}

export function rolesOfUser(db: Queryable, userId: number) {
  return usersRepository.rolesOfUser(db, userId);
}

export function setNotificationPreferences(db: Queryable, userId: number, prefs: { email: boolean; desktop: boolean }) {
  return usersRepository.setNotificationPreferences(db, userId, prefs);
}

export function setPasswordHash(db: Queryable, userId: number, hash: string) {
  return usersRepository.setPasswordHash(db, userId, hash);
}

export function setUserRole(db: Queryable, userId: number, organizationId: number, roleId: number) {
  return usersRepository.setUserRole(db, userId, organizationId, roleId);
}

export function touchLastLogin(db: Queryable, userId: number) {
  return usersRepository.touchLastLogin(db, userId);
}
