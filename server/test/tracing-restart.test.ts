import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTracing, withSpan } from '../src/observability/tracing.ts';

// Tracing can be stopped and started again in one process (the test files of one worker do so):
// spans made after the second start reach the collector too.
const bodies: string[] = [];
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    bodies.push(body);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
beforeAll(() => new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve)));
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

async function spanThrough(name: string) {
  const { port } = receiver.address() as AddressInfo;
  const tracing = await startTracing({
    endpoint: `http://127.0.0.1:${port}/v1/traces`,
    serviceName: 'restart',
    sampleRate: 1,
  });
  await withSpan(name, {}, async () => {});
  await tracing?.flush();
  await tracing?.shutdown();
}

it('exports the spans of a second start after a shutdown', async () => {
  await spanThrough('first-start');
  await spanThrough('second-start');
  expect(bodies.join('\n')).toContain('first-start');
  expect(bodies.join('\n')).toContain('second-start');
});
