import { openDb } from '../server/src/db/db.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { accessFor } from '../server/src/modules/auth/auth.service.ts';
import { insertOrganization } from '../server/src/modules/organizations/organizations.service.ts';
import { insertUser, setUserRole } from '../server/src/modules/users/users.service.ts';
import { type BenchResult, fmt, medianMs } from './util.ts';

/** Builds a tree of n organizations (fan-out 4) with a user holding a role on its root. */
async function setup(n: number) {
  const db = await openDb({ kind: 'pglite' });
  await migrate(db);
  const ids: number[] = [];
  await db.transaction(async (tx) => {
    for (let i = 0; i < n; i++) {
      const parent = i === 0 ? null : (ids[Math.floor((i - 1) / 4)] ?? null);
      ids.push(await insertOrganization(tx, `Org ${i}`, parent));
    }
  });
  const userId = await insertUser(db, { username: `u${n}`, passwordHash: 'x' });
  await setUserRole(db, userId, ids[0] ?? 0, 1);
  return { db, userId };
}

/** The access of a sign-in (every visible organization, its role and rights) as the tree grows. */
export async function accessBench(): Promise<BenchResult> {
  const sizes = [10, 1000, 5000];
  const times: number[] = [];
  for (const n of sizes) {
    const { db, userId } = await setup(n);
    await accessFor(db, userId, 'u'); // warm up
    times.push(await medianMs(() => accessFor(db, userId, 'u')));
    await db.close();
  }
  const base = times[0] ?? 1;
  return {
    name: 'Sign-in access for an organisation tree (PGlite, median of 7)',
    lines: sizes.map(
      (n, i) =>
        `${String(n).padStart(5)} organisations: ${fmt(times[i] ?? 0)}  (×${((times[i] ?? 0) / base).toFixed(1)} of 10)`,
    ),
  };
}
