// `npm run audit:verify`: walks every chain of the audit trail of the database the server would open
// (DATABASE_URL, else PGlite in DATA_DIR, with the server stopped) and names every row altered or
// preceded by removed rows. Exit code 0: intact; 1: broken.
import { loadConfig } from '../../config.ts';
import { openDb } from '../../db/db.ts';
import { migrate } from '../../db/migrate.ts';
import { verifyAudit } from './audit.service.ts';

const config = loadConfig();
const db = await openDb(
  config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
);
try {
  await migrate(db);
  const { rows, breaks } = await verifyAudit(db);
  for (const b of breaks)
    console.error(
      `chain ${b.chain}: entry ${b.id} ${b.reason === 'altered' ? 'was altered' : 'follows removed entries'}`,
    );
  console.log(
    breaks.length ? `audit trail broken: ${breaks.length} of ${rows} entries` : `audit trail intact: ${rows} entries`,
  );
  process.exitCode = breaks.length ? 1 : 0;
} finally {
  await db.close();
}
