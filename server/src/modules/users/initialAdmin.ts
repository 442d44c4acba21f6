import { randomBytes } from 'node:crypto';
import { AccessLevel } from '@fieldwatch/core';
import type { Db } from '../../db/db.ts';
import { hashPassword } from '../auth/password.ts';
import { insertOrganization } from '../organizations/organizations.service.ts';
import { countUsers, insertUser, setUserRole } from './users.repository.ts';

export const ROOT_ORGANIZATION_NAME = 'Fieldwatch';

/**
 * On an empty database: the root organization and the first superuser. Without
 * INITIAL_ADMIN_PASSWORD a random password is generated and returned, to be printed once.
 */
export async function ensureInitialAdmin(
  db: Db,
  username: string,
  password?: string,
): Promise<{ created: boolean; username: string; password?: string; generated: boolean }> {
  if ((await countUsers(db)) > 0) return { created: false, username, generated: false };
  const secret = password ?? randomBytes(12).toString('base64url');
  const hash = await hashPassword(secret);
  await db.transaction(async (tx) => {
    const orgId = await insertOrganization(tx, ROOT_ORGANIZATION_NAME, null);
    const userId = await insertUser(tx, {
      username,
      passwordHash: hash,
      fullname: 'Administrator',
      title: 'Administrator',
    });
    await setUserRole(tx, userId, orgId, AccessLevel.SuperUser);
  });
  return { created: true, username, password: secret, generated: password === undefined };
}
