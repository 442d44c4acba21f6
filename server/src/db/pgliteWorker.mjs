// Owns the embedded PGlite database on its own thread, so that WebAssembly work never blocks
// the server's event loop. Takes queries by message.
// Plain JavaScript: a worker thread cannot load TypeScript through the tsx loader on Node 20.
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

// A template (a data directory's tarball) starts the database without initdb: a fraction of the time.
const loadDataDir = workerData.template ? new Blob([fs.readFileSync(workerData.template)]) : undefined;
const db = new PGlite({ dataDir: workerData.dataDir, loadDataDir });

parentPort.on('message', async (msg) => {
  try {
    if (msg.close) {
      await db.close();
      parentPort.postMessage({ id: msg.id, rows: [] });
      return;
    }
    const result = await db.query(msg.sql, msg.params);
    parentPort.postMessage({ id: msg.id, rows: result.rows });
  } catch (e) {
    parentPort.postMessage({ id: msg.id, error: { message: e?.message ?? String(e), code: e?.code } });
  }
});
