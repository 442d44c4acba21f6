import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeDashboardId, encodeDashboardId } from './ids.ts';

describe('dashboard ids on the wire', () => {
  it('are base64 of id + 1000 without padding', () => {
    expect(encodeDashboardId(1)).toBe('MTAwMQ'); // "1001"
    expect(encodeDashboardId(24)).toBe('MTAyNA'); // "1024"
    expect(decodeDashboardId('MTAwMQ')).toBe(1);
  });

  it('round-trip for every positive id', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (id) => {
        const e = encodeDashboardId(id);
        expect(e).not.toMatch(/=/);
        expect(decodeDashboardId(e)).toBe(id);
      }),
    );
  });

  it('refuse text that is not an encoded id', () => {
    for (const bad of ['', 'default', 'MTAwMQ==', 'OTk5', '!!', 'MTAwMQ/', 'a'.repeat(40)]) {
      expect(decodeDashboardId(bad)).toBeUndefined();
    }
  });
});
