import { describe, expect, it } from 'vitest';
import { DEMO_FLOORS, seedDemoFloorPlans } from '../src/demo/floorPlans.ts';
import { base, useFloorPlanApp } from './fixtures/floorPlans.ts';
import { createOrganization } from './helpers.ts';

// The floor-plan calls: upload, list, image bytes, delete, placements.
// This file: the SVG sanitiser, which every uploaded drawing goes through.

const { t, cookie, org, unit, upload, get, send } = useFloorPlanApp();

describe('floor plans', () => {
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
});
