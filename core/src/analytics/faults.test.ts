import { describe, expect, it } from 'vitest';
import { metresPerPoint } from '../units/radarGeometry.ts';
import { alignmentScale, locateFaults } from './faults.ts';

const SPEED = 0.6;
const dx = metresPerPoint(SPEED);
const gauss = (x: number) => Math.exp(-x * x);
/** A seeded uniform noise in −1 … 1, so every run sees the same curves. */
function noise(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return (s / 2 ** 32) * 2 - 1;
  };
}

type Fault = { wetAt?: number; wetSize?: number; breakAt?: number };
/** A curve like a unit's: launch pulse, joints, the far end; `stretch` > 1 is a faster pulse. */
function curve(n: number, stretch: number, seed: number, fault: Fault = {}) {
  const rnd = noise(seed);
  const joints = [220, 480, 700];
  const end = 1000;
  return Array.from({ length: n }, (_, k) => {
    const x = k * dx * stretch;
    let v = 1800 * gauss((k - 6) / 3);
    let beyond = 0;
    for (const j of joints) beyond += -56 * ((x - j) / (2 * dx)) * gauss((x - j) / (2 * dx));
    beyond += 300 * gauss((x - end) / (3 * dx));
    if (fault.breakAt !== undefined) {
      v += 450 * gauss((x - fault.breakAt) / (3 * dx));
      if (x > fault.breakAt) beyond *= 0.05;
    }
    v += beyond;
    if (fault.wetAt !== undefined) v -= (fault.wetSize ?? 100) * gauss((x - fault.wetAt) / (2.5 * dx));
    return v + 3 * rnd();
  });
}

describe('fault localisation on a TDR curve', () => {
  const reference = curve(512, 1, 1);

  it('finds nothing on a healthy channel, whatever its noise and the pipe temperature', () => {
    for (let seed = 2; seed < 40; seed++) {
      const stretch = 1 + ((seed % 7) - 3) * 0.001;
      expect(locateFaults(curve(512, stretch, seed), reference, SPEED), `seed ${seed}`).toEqual([]);
    }
  });

  it('lays a stretched curve back onto its reference', () => {
    expect(alignmentScale(curve(512, 1.003, 5), reference)).toBeCloseTo(1 / 1.003, 3);
  });

  it('places wet insulation where it is, within a sample step, even on a stretched curve', () => {
    for (const wetAt of [150, 400, 612.5, 900]) {
      const [found, ...more] = locateFaults(curve(512, 1.002, 7, { wetAt }), reference, SPEED);
      expect(more).toEqual([]);
      expect(found?.kind).toBe('wet');
      expect(Math.abs((found?.positionM ?? 0) - wetAt)).toBeLessThan(dx);
      expect(found?.uncertaintyM).toBeGreaterThanOrEqual(dx);
    }
  });

  it('grows in size and confidence as the water spreads', () => {
    const small = locateFaults(curve(512, 1, 8, { wetAt: 400, wetSize: 30 }), reference, SPEED)[0];
    const large = locateFaults(curve(512, 1, 8, { wetAt: 400, wetSize: 150 }), reference, SPEED)[0];
    expect(large?.size).toBeGreaterThan(small?.size ?? Infinity);
    expect(large?.confidence).toBeGreaterThan(small?.confidence ?? 1);
  });

  it('calls a break a break, and reads nothing beyond it', () => {
    const found = locateFaults(curve(512, 1.001, 9, { breakAt: 560 }), reference, SPEED);
    expect(found.map((f) => f.kind)).toEqual(['break']);
    expect(Math.abs((found[0]?.positionM ?? 0) - 560)).toBeLessThan(dx);
  });

  it('reports water before a break, nearest first', () => {
    const found = locateFaults(curve(512, 1, 10, { wetAt: 300, breakAt: 700 }), reference, SPEED);
    expect(found.map((f) => f.kind)).toEqual(['wet', 'break']);
  });

  it('reads nothing of a curve too short to hold more than the launch pulse', () => {
    expect(locateFaults([1, 2, 3], [1, 2, 3], SPEED)).toEqual([]);
  });
});
