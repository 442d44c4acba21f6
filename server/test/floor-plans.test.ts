import { deflateSync } from 'node:zlib';
import { AccessLevel, FLOOR_PLAN_MAX_BYTES, seriesByColumn } from '@fieldwatch/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FLOORS, seedDemoFloorPlans } from '../src/demo/floorPlans.ts';
import { insertSamplesOfUnits } from '../src/modules/telemetry/telemetry.repository.ts';
import { createOrganization, createTestApp, createUnit, createUser, signIn, type TestApp } from './helpers.ts';

// The floor-plan calls: upload, list, image bytes, delete, placements.

const PASSWORD = 'floor-plan-secret';
let t: TestApp;
const org = { home: 0, child: 0, other: 0 };
const cookie = { writer: '', reader: '', outsider: '', parentReader: '' };
const unit = { a: 0, b: 0, child: 0, foreign: 0 };

/** A real (decodable) PNG of w × h grey pixels. */
function png(w: number, h: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = (crcTable[(c ^ x) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(8 + body.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 4 + body.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const raw = Buffer.alloc((w + 1) * h, 0x80);
  for (let y = 0; y < h; y++) raw[y * (w + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const SVG_ROOT =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 500"><rect width="800" height="500" fill="#eee"/><use href="#r"/><text x="10" y="20">Office</text></svg>';
const SVG = Buffer.from(`<?xml version="1.0"?>\n${SVG_ROOT}`);
const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x0b, 0x08, 0x01, 0x2c, 0x02, 0x58, 0x01, 0x01,
  0x11, 0x00, 0xff, 0xd9,
]);

function multipart(fields: { name: string; value: Buffer | string; filename?: string; type?: string }[]) {
  const boundary = '----fieldwatch-test-boundary';
  const chunks: Buffer[] = [];
  for (const f of fields) {
    const disposition = `form-data; name="${f.name}"${f.filename ? `; filename="${f.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${f.type ? `Content-Type: ${f.type}\r\n` : ''}\r\n`,
      ),
    );
    chunks.push(typeof f.value === 'string' ? Buffer.from(f.value) : f.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const base = (orgId: number) => `/api/v3/user/organization/${orgId}/floor-plan`;

function upload(orgId: number, file: Buffer, who: string, extra: { name?: string; filename?: string } = {}) {
  const fields: Parameters<typeof multipart>[0] = [
    { name: 'file', value: file, filename: extra.filename ?? 'floor.png', type: 'application/octet-stream' },
  ];
  if (extra.name !== undefined) fields.push({ name: 'name', value: extra.name });
  const body = multipart(fields);
  return t.app.inject({
    method: 'PUT',
    url: base(orgId),
    headers: { cookie: who, 'content-type': body.contentType },
    payload: body.payload,
  });
}

const get = (url: string, who: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: who, ...headers } });
const send = (method: 'PUT' | 'DELETE' | 'PATCH', url: string, who: string, payload: unknown) =>
  t.app.inject({ method, url, headers: { cookie: who }, payload: payload as Record<string, unknown> });

beforeAll(async () => {
  t = await createTestApp();
  const parent = await createOrganization(t.db, 'FP Parent');
  org.home = await createOrganization(t.db, 'FP Home', parent);
  org.child = await createOrganization(t.db, 'FP Home Annex', org.home);
  org.other = await createOrganization(t.db, 'FP Other');
  const user = (username: string, organizationId: number, role: AccessLevel) =>
    createUser(t.db, { username, password: PASSWORD, organizationId, role });
  await user('fp-writer', org.home, AccessLevel.User);
  await user('fp-reader', org.home, AccessLevel.Reader);
  await user('fp-outsider', org.other, AccessLevel.SuperUser);
  await user('fp-parent-reader', parent, AccessLevel.Reader);
  cookie.writer = await signIn(t.app, 'fp-writer', PASSWORD);
  cookie.reader = await signIn(t.app, 'fp-reader', PASSWORD);
  cookie.outsider = await signIn(t.app, 'fp-outsider', PASSWORD);
  cookie.parentReader = await signIn(t.app, 'fp-parent-reader', PASSWORD);
  unit.a = await createUnit(t.db, { organizationId: org.home, serial: 'FP-A', name: 'Room 101', type: 120 });
  unit.b = await createUnit(t.db, { organizationId: org.home, serial: 'FP-B', name: 'Room 102', type: 120 });
  unit.child = await createUnit(t.db, { organizationId: org.child, serial: 'FP-C', name: 'Annex hall', type: 120 });
  unit.foreign = await createUnit(t.db, { organizationId: org.other, serial: 'FP-F', name: 'Elsewhere' });
  const series = (c: string) => seriesByColumn(c)?.id as number;
  const at = (iso: string) => new Date(iso);
  await insertSamplesOfUnits(t.db, [
    { unitId: unit.a, series: series('Temperature'), ts: at('2026-01-01T10:00:00Z'), value: 19.5 },
    { unitId: unit.a, series: series('Temperature'), ts: at('2026-01-01T11:00:00Z'), value: 21.25 },
    { unitId: unit.a, series: series('Humidity'), ts: at('2026-01-01T11:05:00Z'), value: 41 },
    { unitId: unit.b, series: series('Humidity'), ts: at('2026-01-01T09:00:00Z'), value: 63 },
  ]);
});
afterAll(() => t.close());

describe('floor plans', () => {
  let pngId = 0;
  let svgId = 0;

  it('uploads a PNG as multipart and lists it with its size, type, name and image URL', async () => {
    const res = await upload(org.home, png(40, 30), cookie.writer, { filename: 'plans/ground_floor.png' });
    expect(res.statusCode, res.body).toBe(200);
    const plan = res.json();
    expect(plan).toMatchObject({
      organizationId: org.home,
      name: 'ground floor',
      order: 0,
      contentType: 'image/png',
      width: 40,
      height: 30,
    });
    expect(plan.url).toMatch(
      new RegExp(`^/api/v3/user/organization/${org.home}/floor-plan/${plan.id}\\?v=[0-9a-f]{16}$`),
    );
    pngId = plan.id;

    const svg = await upload(org.home, SVG, cookie.writer, { name: 'First floor', filename: 'x.svg' });
    expect(svg.statusCode, svg.body).toBe(200);
    expect(svg.json()).toMatchObject({
      name: 'First floor',
      order: 1,
      contentType: 'image/svg+xml',
      width: 800,
      height: 500,
    });
    svgId = svg.json().id;

    const list = await get(base(org.home), cookie.reader);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((p: { id: number }) => p.id)).toEqual([pngId, svgId]);
  });

  it('accepts the raw image as the body (type from the bytes), name and order from the query', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `${base(org.home)}?name=Basement&order=0`,
      headers: { cookie: cookie.writer, 'content-type': 'image/jpeg' },
      payload: JPEG,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Basement',
      order: 0,
      contentType: 'image/jpeg',
      width: 600,
      height: 300,
    });
    const del = await send('DELETE', base(org.home), cookie.writer, { files: [res.json().id] });
    expect(del.json()).toEqual({ success: true, deleted: [res.json().id] });
  });

  it('serves the image bytes with their type, a strict policy and caching by version', async () => {
    const list = (await get(base(org.home), cookie.reader)).json();
    const svg = list.find((p: { id: number }) => p.id === svgId);
    const res = await get(svg.url, cookie.reader);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    // Stored as the sanitiser wrote it: the root element, nothing around it.
    expect(res.body).toBe(SVG_ROOT);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const again = await get(svg.url, cookie.reader, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    const pngRes = await get(`${base(org.home)}/${pngId}`, cookie.writer);
    expect(pngRes.headers['content-type']).toBe('image/png');
    expect(pngRes.headers['cache-control']).toBe('private, no-cache');
    expect(pngRes.rawPayload.equals(png(40, 30))).toBe(true);
  });

  it('renames and reorders a plan', async () => {
    const res = await send('PATCH', `${base(org.home)}/${pngId}`, cookie.writer, { name: 'Ground floor', order: 5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Ground floor', order: 5 });
    const list = (await get(base(org.home), cookie.writer)).json();
    expect(list.map((p: { id: number }) => p.id)).toEqual([svgId, pngId]);
    expect((await send('PATCH', `${base(org.home)}/${pngId}`, cookie.writer, { name: '  ' })).statusCode).toBe(400);
  });

  it('refuses other types (415), files that are not SVG drawings (415), too large files (413) and malformed uploads (400)', async () => {
    const gif = await upload(org.home, Buffer.from('GIF89a\x01\x00\x01\x00'), cookie.writer);
    expect(gif.statusCode).toBe(415);
    const text = await upload(org.home, Buffer.from('hello'), cookie.writer);
    expect(text.statusCode).toBe(415);
    for (const bad of [
      // Without the SVG namespace (no browser draws it as SVG), HTML, broken XML, not UTF-8.
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "y">]><svg viewBox="0 0 10 10"></svg>',
      '<html xmlns="http://www.w3.org/1999/xhtml"><body><script>alert(1)</script></body></html>',
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect></svg>',
      Buffer.from([0x3c, 0x73, 0x76, 0x67, 0x3e, 0xff, 0xfe]).toString('latin1'),
    ]) {
      const res = await upload(org.home, Buffer.from(bad, 'latin1'), cookie.writer, { filename: 'x.svg' });
      expect(res.statusCode, bad).toBe(415);
      expect(res.json().message).toMatch(/SVG/);
    }
    const noSize = await upload(org.home, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), cookie.writer);
    expect(noSize.statusCode).toBe(415);

    // Just above the limit: the image check answers 413; far above: the body limit does.
    const big = Buffer.concat([png(10, 10), Buffer.alloc(FLOOR_PLAN_MAX_BYTES)]);
    expect((await upload(org.home, big, cookie.writer)).statusCode).toBe(413);
    const huge = Buffer.alloc(FLOOR_PLAN_MAX_BYTES + 200 * 1024);
    expect((await upload(org.home, huge, cookie.writer)).statusCode).toBe(413);

    const json = await send('PUT', base(org.home), cookie.writer, { file: 'x' });
    expect(json.statusCode).toBe(415);
    const noFile = multipart([{ name: 'other', value: 'x' }]);
    const res = await t.app.inject({
      method: 'PUT',
      url: base(org.home),
      headers: { cookie: cookie.writer, 'content-type': noFile.contentType },
      payload: noFile.payload,
    });
    expect(res.statusCode).toBe(400);
    const broken = await t.app.inject({
      method: 'PUT',
      url: base(org.home),
      headers: { cookie: cookie.writer, 'content-type': 'multipart/form-data; boundary=abc' },
      payload: 'not multipart at all',
    });
    expect(broken.statusCode).toBe(400);
    const plain = await t.app.inject({
      method: 'PUT',
      url: base(org.home),
      headers: { cookie: cookie.writer, 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(plain.statusCode).toBe(415);
    // Nothing of that was stored.
    expect((await get(base(org.home), cookie.writer)).json()).toHaveLength(2);
  });

  it('validates ids (400) and answers 404 for plans of other organisations', async () => {
    expect((await get('/api/v3/user/organization/abc/floor-plan', cookie.writer)).statusCode).toBe(400);
    expect((await get(`${base(org.home)}/0`, cookie.writer)).statusCode).toBe(400);
    expect((await get(`${base(org.home)}/999999`, cookie.writer)).statusCode).toBe(404);
    expect((await send('DELETE', base(org.home), cookie.writer, { files: [] })).statusCode).toBe(400);
    expect((await send('DELETE', base(org.home), cookie.writer, { files: ['x'] })).statusCode).toBe(400);
    expect((await send('DELETE', base(org.home), cookie.writer, {})).statusCode).toBe(400);
    // The plan exists, but in another organization than the path's.
    expect((await get(`${base(org.other)}/${pngId}`, cookie.outsider)).statusCode).toBe(404);
    expect((await send('DELETE', base(org.other), cookie.outsider, { files: [pngId] })).statusCode).toBe(404);
  });

  it('keeps plans to their organisation: outsiders 404, readers may look but not change (403)', async () => {
    expect((await get(base(org.home), cookie.outsider)).statusCode).toBe(404);
    expect((await get(`${base(org.home)}/${pngId}`, cookie.outsider)).statusCode).toBe(404);
    expect((await upload(org.home, png(4, 4), cookie.outsider)).statusCode).toBe(404);
    expect((await get(base(org.home), '')).statusCode).toBe(401);

    expect((await get(base(org.home), cookie.parentReader)).statusCode).toBe(200);
    expect((await get(`${base(org.home)}/${pngId}`, cookie.reader)).statusCode).toBe(200);
    expect((await upload(org.home, png(4, 4), cookie.reader)).statusCode).toBe(403);
    expect((await send('DELETE', base(org.home), cookie.reader, { files: [pngId] })).statusCode).toBe(403);
    expect((await send('PATCH', `${base(org.home)}/${pngId}`, cookie.reader, { name: 'x' })).statusCode).toBe(403);
    const data = `/api/v3/user/organization/${org.home}/floor-plan-data`;
    expect((await send('PUT', data, cookie.reader, { planId: pngId, placements: [] })).statusCode).toBe(403);
    expect((await get(data, cookie.outsider)).statusCode).toBe(404);
  });

  describe('SVG sanitiser', () => {
    /** Uploads an SVG to the outsider's own organization and answers the bytes stored for it. */
    async function stored(svg: string) {
      const res = await upload(org.other, Buffer.from(svg), cookie.outsider, { filename: 'plan.svg' });
      expect(res.statusCode, res.body).toBe(200);
      const image = await get(res.json().url, cookie.outsider);
      expect(image.statusCode).toBe(200);
      await send('DELETE', base(org.other), cookie.outsider, { files: [res.json().id] });
      return image.body;
    }
    const KEEP = '<rect id="keep" width="4" height="4" fill="url(#g)"/>';
    const svg = (inner: string, rootAttributes = '') =>
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"${rootAttributes}><defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs>${KEEP}${inner}</svg>`;

    it.each([
      ['a script', svg('<script>alert(1)</script>'), /<script|alert/],
      ['an onload handler', svg('', ' onload="alert(1)"'), /onload|alert/],
      ['an onclick handler on a shape', svg('<circle r="2" onclick="alert(1)"/>'), /onclick|alert/],
      [
        'a foreignObject with HTML',
        svg(
          '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/></div></foreignObject>',
        ),
        /foreignObject|<div|onerror/,
      ],
      ['a javascript: link', svg('<a href="javascript:alert(1)"><text>x</text></a>'), /javascript:/],
      ['an xlink:href to outside', svg('<a xlink:href="https://evil.example/"><text>x</text></a>'), /evil\.example/],
      [
        'an xlink:href to outside under another prefix',
        svg('<a xmlns:x="http://www.w3.org/1999/xlink" x:href="https://evil.example/"><text>x</text></a>'),
        /evil\.example/,
      ],
      ['a <use> of an outside file', svg('<use href="http://evil.example/sprite.svg#a"/>'), /evil\.example/],
      ['an outside <image>', svg('<image href="https://evil.example/x.png" width="1" height="1"/>'), /evil\.example/],
      ['an SVG data: <image>', svg('<image href="data:image/svg+xml;base64,PHN2Zz4=" width="1" height="1"/>'), /data:/],
      ['a style with @import', svg('<style>@import url(https://evil.example/x.css);</style>'), /@import|evil\.example/],
      ['a style with an escaped @import', svg('<style>@\\69mport "https://evil.example/x.css";</style>'), /evil/],
      ['a style with an outside url()', svg('<style>rect { fill: url(https://evil.example/a.png) }</style>'), /evil/],
      ['a style attribute with an outside url()', svg('<rect style="fill:url(https://evil.example/a.png)"/>'), /evil/],
      ['a presentation attribute with an outside url()', svg('<rect fill="url(https://evil.example/#x)"/>'), /evil/],
      [
        'an animation that rewrites a link',
        svg('<a href="#g"><set attributeName="href" to="javascript:alert(1)"/></a>'),
        /<set|javascript:/,
      ],
      [
        'a stylesheet processing instruction',
        `<?xml-stylesheet href="https://evil.example/x.css"?>${svg('')}`,
        /xml-stylesheet|evil/,
      ],
    ])('removes %s and keeps the drawing', async (_, input, payload) => {
      const out = await stored(input);
      expect(out).not.toMatch(payload);
      expect(out).toContain(KEEP);
      expect(out).toContain('<linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient>');
    });

    it('keeps what stays inside the drawing: fragment links, <use>, embedded pictures, self-contained styles', async () => {
      const inner = [
        '<symbol id="s"><circle r="1"/></symbol><use href="#s"/><use xlink:href="#s" x="2"/>',
        '<a href="#keep"><text x="1" y="8">Room 1</text></a>',
        '<image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>',
        '<style><![CDATA[ rect > circle { fill: url(#g); stroke: #333 } ]]></style>',
        '<path d="M0 0 L10 10" style="stroke:url(#g);stroke-width:2"/>',
      ];
      const out = await stored(svg(inner.join('')));
      for (const kept of [
        '<use href="#s"/>',
        '<use xlink:href="#s" x="2"/>',
        '<a href="#keep"><text x="1" y="8">Room 1</text></a>',
        'href="data:image/png;base64,iVBORw0KGgo="',
        '<style> rect &gt; circle { fill: url(#g); stroke: #333 } </style>',
        'style="stroke:url(#g);stroke-width:2"',
      ])
        expect(out).toContain(kept);
    });

    it('cleans off the event loop: it never stalls while a large drawing is cleaned', async () => {
      const paths = Array.from({ length: 8000 }, (_, i) => `<path d="M${i} 0 L${i} 9" stroke="#333"/>`).join('');
      const file = Buffer.from(svg(paths));
      let last = performance.now();
      let longestStall = 0;
      const ticker = setInterval(() => {
        const now = performance.now();
        longestStall = Math.max(longestStall, now - last);
        last = now;
      }, 5);
      const started = performance.now();
      const res = await upload(org.other, file, cookie.outsider, { filename: 'big.svg' });
      const took = performance.now() - started;
      clearInterval(ticker);
      expect(res.statusCode, res.body).toBe(200);
      // Cleaning on the event loop would stall it for (nearly) the whole upload.
      expect(longestStall).toBeLessThan(took / 3);
      await send('DELETE', base(org.other), cookie.outsider, { files: [res.json().id] });
    });

    it('refuses a drawing of more than 50000 elements unread (415)', async () => {
      const many = svg('<g/>'.repeat(50_001));
      const res = await upload(org.other, Buffer.from(many), cookie.outsider, { filename: 'many.svg' });
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toContain('more than 50000 elements');
    });

    it('keeps the demo floor plans exactly as they are drawn', async () => {
      for (const floor of DEMO_FLOORS) expect(await stored(floor.svg)).toBe(floor.svg);
      // The demo seed goes through the same sanitiser.
      const seeded = await createOrganization(t.db, 'FP Demo');
      expect(await seedDemoFloorPlans(t.db, [{ id: unit.foreign, organizationId: seeded }])).toBe(1);
      const [plan] = await t.db.query<{ data: Uint8Array }>(
        'select data from floor_plans where organization_id = $1 order by sort_order limit 1',
        [seeded],
      );
      expect(Buffer.from(plan?.data ?? []).toString()).toBe(DEMO_FLOORS[0]?.svg);
    });
  });

  describe('floor-plan-data', () => {
    const data = () => `/api/v3/user/organization/${org.home}/floor-plan-data`;

    it('saves placements and answers them with the latest temperature and humidity', async () => {
      const res = await send('PUT', data(), cookie.writer, {
        planId: pngId,
        placements: [
          { unitId: unit.a, x: 0.25, y: 0.5 },
          { unitId: unit.b, x: 1, y: 0 },
          { unitId: unit.child, x: 0.75, y: 0.75 },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = (await get(data(), cookie.reader)).json();
      expect(body.editable).toBe(false);
      expect(body.placements).toEqual([
        {
          planId: pngId,
          unitId: unit.child,
          x: 0.75,
          y: 0.75,
          unitName: 'Annex hall',
          temperature: null,
          humidity: null,
          lastReport: null,
        },
        {
          planId: pngId,
          unitId: unit.a,
          x: 0.25,
          y: 0.5,
          unitName: 'Room 101',
          temperature: 21.25,
          humidity: 41,
          lastReport: '2026-01-01T11:05:00.000Z',
        },
        {
          planId: pngId,
          unitId: unit.b,
          x: 1,
          y: 0,
          unitName: 'Room 102',
          temperature: null,
          humidity: 63,
          lastReport: '2026-01-01T09:00:00.000Z',
        },
      ]);
      expect((await get(data(), cookie.writer)).json().editable).toBe(true);
    });

    it('moves a unit placed on another plan, and filters by plan', async () => {
      const res = await send('PUT', data(), cookie.writer, {
        planId: svgId,
        placements: [{ unitId: unit.a, x: 0.1, y: 0.2 }],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().placements).toMatchObject([{ planId: svgId, unitId: unit.a, x: 0.1, y: 0.2 }]);
      const onPng = (await get(`${data()}?planId=${pngId}`, cookie.writer)).json();
      expect(onPng.placements.map((p: { unitId: number }) => p.unitId).sort()).toEqual([unit.b, unit.child].sort());
      expect((await get(`${data()}?planId=999999`, cookie.writer)).statusCode).toBe(404);
    });

    it('refuses bad placements: out of range, duplicates, foreign units, unknown plans', async () => {
      const put = (body: unknown) => send('PUT', data(), cookie.writer, body);
      expect((await put({ planId: pngId, placements: [{ unitId: unit.a, x: 1.5, y: 0 }] })).statusCode).toBe(400);
      expect((await put({ planId: pngId, placements: [{ unitId: unit.a, x: '0.5', y: 0 }] })).statusCode).toBe(400);
      expect((await put({ planId: pngId })).statusCode).toBe(400);
      expect((await put({ planId: 'x', placements: [] })).statusCode).toBe(400);
      const twice = await put({
        planId: pngId,
        placements: [
          { unitId: unit.b, x: 0, y: 0 },
          { unitId: unit.b, x: 1, y: 1 },
        ],
      });
      expect(twice.statusCode).toBe(400);
      const foreign = await put({ planId: pngId, placements: [{ unitId: unit.foreign, x: 0, y: 0 }] });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().message).toMatch(/not a unit of this organisation/);
      expect((await put({ planId: 999999, placements: [] })).statusCode).toBe(404);
      // Nothing changed.
      expect((await get(`${data()}?planId=${pngId}`, cookie.writer)).json().placements).toHaveLength(2);
    });

    it('deleting plans removes their placements; a missing id deletes nothing', async () => {
      const partly = await send('DELETE', base(org.home), cookie.writer, { files: [pngId, 999999] });
      expect(partly.statusCode).toBe(404);
      expect((await get(base(org.home), cookie.writer)).json()).toHaveLength(2);
      const res = await send('DELETE', base(org.home), cookie.writer, { files: [pngId] });
      expect(res.json()).toEqual({ success: true, deleted: [pngId] });
      expect((await get(`${base(org.home)}/${pngId}`, cookie.writer)).statusCode).toBe(404);
      const left = (await get(data(), cookie.writer)).json().placements;
      expect(left.map((p: { unitId: number }) => p.unitId)).toEqual([unit.a]);
    });
  });
});
