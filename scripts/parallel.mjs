// Runs shell commands side by side, as many at once as the machine has cores, each one's output
// printed whole when it ends (not interleaved); exits 1 if any failed. `npm test` type-checks the
// workspaces and builds the web app this way: each tsc is one thread, so two cores halve the wait.
import { spawn } from 'node:child_process';
import os from 'node:os';

const commands = process.argv.slice(2);
const width = Math.max(1, Math.min(os.availableParallelism(), commands.length));
let failed = 0;

function run(command) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (code !== 0) failed++;
      process.stdout.write(`${code === 0 ? '✓' : '✗'} ${command} (${seconds} s)\n${code === 0 ? '' : output}`);
      resolve();
    });
  });
}

const queue = [...commands];
await Promise.all(
  Array.from({ length: width }, async () => {
    while (queue.length) await run(queue.shift());
  }),
);
if (failed) {
  console.error(`${failed} of ${commands.length} failed`);
  process.exit(1);
}
