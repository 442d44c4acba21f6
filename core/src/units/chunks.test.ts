import { describe, expect, it } from 'vitest';
import { chunk, MAX_IDS_PER_REQUEST, readInChunks } from './chunks.ts';

describe('chunk (at most 4000 ids per request)', () => {
  it('uses 4000 as the maximum', () => {
    expect(MAX_IDS_PER_REQUEST).toBe(4000);
  });

  it('splits 9001 ids into 4000, 4000 and 1001 preserving order', () => {
    const ids = Array.from({ length: 9001 }, (_, i) => i + 1);
    const chunks = chunk(ids);
    expect(chunks.map((c) => c.length)).toEqual([4000, 4000, 1001]);
    expect(chunks[0]?.[0]).toBe(1);
    expect(chunks[0]?.[3999]).toBe(4000);
    expect(chunks[1]?.[0]).toBe(4001);
    expect(chunks[2]?.[0]).toBe(8001);
    expect(chunks[2]?.[1000]).toBe(9001);
    expect(chunks.flat()).toEqual(ids);
  });

  it('keeps exactly 4000 ids in one chunk and splits 4001', () => {
    expect(chunk(Array.from({ length: 4000 }, (_, i) => i)).map((c) => c.length)).toEqual([4000]);
    expect(chunk(Array.from({ length: 4001 }, (_, i) => i)).map((c) => c.length)).toEqual([4000, 1]);
  });

  it('returns no chunks for an empty list', () => {
    expect(chunk([])).toEqual([]);
  });

  it('honours a smaller size', () => {
    expect(chunk(['a', 'b', 'c', 'd', 'e'], 2)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('does not alter the input', () => {
    const ids = [1, 2, 3];
    chunk(ids, 2);
    expect(ids).toEqual([1, 2, 3]);
  });

  it('refuses a size that would never advance', () => {
    expect(() => chunk([1, 2], 0)).toThrow(RangeError);
    expect(() => chunk([1, 2], -1)).toThrow(RangeError);
    expect(() => chunk([1, 2], 1.5)).toThrow(RangeError);
  });
});

describe('readInChunks', () => {
  it('reads 9001 ids as three requests started together, the answers in order', async () => {
    const ids = Array.from({ length: 9001 }, (_, i) => i + 1);
    const started: number[][] = [];
    const waiting: (() => void)[] = [];
    const answers = readInChunks(ids, (part) => {
      started.push(part);
      // Each answer waits until every chunk has been asked for: the reads run at once.
      return new Promise<number>((resolve) => waiting.push(() => resolve(part.length)));
    });
    expect(started.map((p) => p.length)).toEqual([4000, 4000, 1001]);
    for (const answer of waiting.reverse()) answer();
    expect(await answers).toEqual([4000, 4000, 1001]);
  });
});
