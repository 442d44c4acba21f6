import { describe, expect, it } from 'vitest';
import { type LngLat, pointsAlongPipes } from './alongPipes.ts';

// A local grid in metres around a unit at 56° N (metres east, metres north → longitude, latitude).
const LAT = 56;
const LONG = 10;
const MX = 111_320 * Math.cos((LAT * Math.PI) / 180);
const at = (east: number, north: number): LngLat => [LONG + east / MX, LAT + north / 111_320];
const metres = ([long, lat]: LngLat) => [Math.round((long - LONG) * MX), Math.round((lat - LAT) * 111_320)];
const unit = at(0, 0);

describe('a fault distance placed on the pipes', () => {
  it('walks a pipe with bends from the unit', () => {
    // East 300 m, then north 500 m.
    const pipe = [at(0, 2), at(300, 2), at(300, 502)];
    expect(pointsAlongPipes(unit, [pipe], 412).map(metres)).toEqual([[300, 114]]);
  });

  it('gives one candidate per branch where the network forks, also at a junction between vertices', () => {
    // A service pipe east to a main that runs north–south through x = 200 (its vertices at ±1000 m).
    const service = [at(0, 0), at(200, 0)];
    const main = [at(200, -1000), at(200, 1000)];
    const found = pointsAlongPipes(unit, [service, main], 350).map(metres);
    expect(found).toHaveLength(2);
    expect(found).toEqual(
      expect.arrayContaining([
        [200, 150],
        [200, -150],
      ]),
    );
  });

  it('joins a unit beside the pipe, and walks from where it joins in both directions', () => {
    const pipe = [at(-1000, 20), at(1000, 20)];
    const found = pointsAlongPipes(unit, [pipe], 100).map(metres);
    expect(found).toEqual(
      expect.arrayContaining([
        [100, 20],
        [-100, 20],
      ]),
    );
    expect(found).toHaveLength(2);
  });

  it('places nothing for a unit far from every pipe, or beyond the end of the pipes', () => {
    expect(pointsAlongPipes(unit, [[at(0, 300), at(500, 300)]], 100)).toEqual([]);
    expect(pointsAlongPipes(unit, [[at(0, 0), at(80, 0)]], 100)).toEqual([]);
    expect(pointsAlongPipes(unit, [], 100)).toEqual([]);
  });

  it('does not count a way back along a loop as a second place', () => {
    // A square loop of 4 × 100 m starting at the unit: 150 m is reached both ways round, at two places.
    const loop = [at(0, 0), at(100, 0), at(100, 100), at(0, 100), at(0, 0)];
    const found = pointsAlongPipes(unit, [loop], 150).map(metres);
    expect(found).toEqual(
      expect.arrayContaining([
        [100, 50],
        [50, 100],
      ]),
    );
    expect(found).toHaveLength(2);
  });
});
