import { FLOOR_PLAN_MAX_BYTES } from '@fieldwatch/core';
import { describe, expect, it } from 'vitest';
import { base, multipart, png, useFloorPlanApp } from './fixtures/floorPlans.ts';

// The floor-plan calls: upload, list, image bytes, delete, placements.
// This file: uploading, listing, serving, renaming and deleting plans, who may, and the placements.

const { t, org, cookie, unit, upload, get, send } = useFloorPlanApp();

const SVG_ROOT =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 500"><rect width="800" height="500" fill="#eee"/><use href="#r"/><text x="10" y="20">Office</text></svg>';
const SVG = Buffer.from(`<?xml version="1.0"?>\n${SVG_ROOT}`);
const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x0b, 0x08, 0x01, 0x2c, 0x02, 0x58, 0x01, 0x01,
  0x11, 0x00, 0xff, 0xd9,
]);

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
