/**
 * The baseline of the scale scenario's API figures: bare Fastify answering the very JSON our server
 * answered, from memory, per session and URL (no session lookup, no database, no serialisation).
 * Run as its own process: `node --import tsx bare.ts <bodies.json>`; prints its port.
 */
import fs from 'node:fs';
import Fastify from 'fastify';

const bodies = new Map<string, string>(Object.entries(JSON.parse(fs.readFileSync(process.argv[2] ?? '', 'utf8'))));
const app = Fastify();
app.get('/*', (req, reply) => {
  const body = bodies.get(`${req.headers.cookie} ${req.url}`);
  if (body === undefined) return reply.code(404).send();
  return reply.type('application/json; charset=utf-8').send(body);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`bare listening ${typeof address === 'object' && address ? address.port : 0}`);
