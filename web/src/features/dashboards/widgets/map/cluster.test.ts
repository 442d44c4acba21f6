import type { MapUnit, UnitStatus } from '@fieldwatch/core';
import { describe, expect, it } from 'vitest';
import {
  type BBox,
  buildClusterIndex,
  CLUSTER_OPTIONS,
  clusterSize,
  clusterStatus,
  clustersHolding,
  expansionZoom,
  itemsInView,
  type MapItem,
  revealZoom,
  sameUnits,
  statusCounts,
} from './cluster.ts';

const WORLD: BBox = [-180, -85, 180, 85];
const unit = (id: number, lat: number, lng: number, status: UnitStatus = 'ok'): MapUnit => ({ id, lat, lng, status });
const clusters = (items: MapItem[]) => items.filter((i) => i.kind === 'cluster');
const singles = (items: MapItem[]) => items.filter((i) => i.kind === 'unit');

/** A pseudo-random fleet around Scandinavia, reproducible. */
function fleet(n: number, statusOf: (i: number) => UnitStatus = () => 'ok'): MapUnit[] {
  let seed = 42;
  const r = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  return Array.from({ length: n }, (_, i) => unit(i + 1, 55 + r() * 10, 8 + r() * 16, statusOf(i)));
}

describe('positions', () => {
  it('compares unit lists by what the map draws', () => {
    const a = [unit(1, 1, 1), unit(2, 2, 2)];
    expect(
      sameUnits(
        a,
        a.map((u) => ({ ...u })),
      ),
    ).toBe(true);
    expect(sameUnits(a, [unit(1, 1, 1), unit(2, 2, 2, 'alarm')])).toBe(false);
    expect(sameUnits(a, [unit(1, 1, 1), unit(2, 2, 3)])).toBe(false);
    expect(sameUnits(a, [unit(1, 1, 1)])).toBe(false);
  });

  it('counts units per status', () => {
    expect(statusCounts([unit(1, 1, 1, 'alarm'), unit(2, 1, 1, 'alarm'), unit(3, 1, 1, 'inactive')])).toEqual({
      alarm: 2,
      problem: 0,
      ok: 0,
      inactive: 1,
    });
  });
});

describe('cluster icons', () => {
  it('sizes icons 53, 56, 66, 78, 90 by digits of the count', () => {
    expect([2, 9, 10, 99, 100, 999, 1000, 9999, 10000, 50000].map(clusterSize)).toEqual([
      53, 53, 56, 56, 66, 66, 78, 78, 90, 90,
    ]);
  });

  it('colours by the worst status: alarm, then problem, else ok', () => {
    expect(clusterStatus(3)).toBe('alarm');
    expect(clusterStatus(2)).toBe('problem');
    expect(clusterStatus(1)).toBe('ok');
    expect(clusterStatus(0)).toBe('ok');
  });
});

describe('clustering', () => {
  it('clusters a fleet at low zoom and keeps every unit', () => {
    const units = fleet(1000);
    const index = buildClusterIndex(units);
    const items = itemsInView(index, WORLD, 3);
    expect(clusters(items).length).toBeGreaterThan(0);
    const total = items.reduce((n, i) => n + (i.kind === 'cluster' ? i.count : 1), 0);
    expect(total).toBe(1000);
  });

  it('draws every unit on its own above the clustering zooms', () => {
    const units = fleet(200);
    const items = itemsInView(buildClusterIndex(units), WORLD, CLUSTER_OPTIONS.maxZoom + 1);
    expect(clusters(items)).toHaveLength(0);
    expect(singles(items)).toHaveLength(200);
  });

  it('carries the worst status up to the cluster that holds it', () => {
    // One alarm and one problem among many ok units: at zoom 0 everything is one cluster.
    const units = fleet(500, (i) => (i === 123 ? 'alarm' : i === 321 ? 'problem' : 'ok'));
    const [world] = clusters(itemsInView(buildClusterIndex(units), WORLD, 0));
    expect(world).toMatchObject({ kind: 'cluster', count: 500, status: 'alarm', size: 66 });

    const noAlarm = fleet(500, (i) => (i === 321 ? 'problem' : i % 7 === 0 ? 'inactive' : 'ok'));
    expect(clusters(itemsInView(buildClusterIndex(noAlarm), WORLD, 0))[0]).toMatchObject({ status: 'problem' });

    const calm = fleet(500, (i) => (i % 3 === 0 ? 'inactive' : 'ok'));
    expect(clusters(itemsInView(buildClusterIndex(calm), WORLD, 0))[0]).toMatchObject({ status: 'ok' });
  });

  it('colours every cluster at every zoom by the worst unit among its leaves', () => {
    // Mostly ok and inactive; a problem every 12th unit and an alarm every 12th (offset by 6).
    const mix = (i: number): UnitStatus =>
      i % 12 === 5 ? 'alarm' : i % 12 === 11 ? 'problem' : i % 4 === 3 ? 'inactive' : 'ok';
    const units = fleet(2000, mix);
    const index = buildClusterIndex(units);
    const rank = { alarm: 3, problem: 2, ok: 1, inactive: 0 } as const;
    for (const zoom of [0, 3, 6, 9, 12]) {
      for (const item of clusters(itemsInView(index, WORLD, zoom))) {
        if (item.kind !== 'cluster') continue;
        const leaves = index.index.getLeaves(item.clusterId, Number.POSITIVE_INFINITY);
        const worst = Math.max(...leaves.map((l) => rank[(units[l.id as number] as MapUnit).status]));
        expect(item.status).toBe(clusterStatus(worst));
      }
    }
  });

  it('orders items so the worst is drawn last (on top)', () => {
    const units = [
      unit(1, 10, 10, 'alarm'),
      unit(2, 20, 20, 'ok'),
      unit(3, 30, 30, 'inactive'),
      unit(4, 40, 40, 'problem'),
    ];
    const items = itemsInView(buildClusterIndex(units), WORLD, 4);
    expect(items.map((i) => i.status)).toEqual(['inactive', 'ok', 'problem', 'alarm']);
    expect(items.map((i) => (i.kind === 'unit' ? i.unit.id : 0))).toEqual([3, 2, 4, 1]);
  });

  it('answers only what is in view, across the antimeridian too', () => {
    const units = [unit(1, 0.5, 179.5), unit(2, 0.5, -179.5), unit(3, 0.5, 0.5)];
    const index = buildClusterIndex(units);
    const ids = (bbox: BBox) =>
      itemsInView(index, bbox, 10)
        .map((i) => (i.kind === 'unit' ? i.unit.id : -1))
        .sort();
    expect(ids([179, 0, 181, 1])).toEqual([1, 2]);
    expect(ids([0, 0, 1, 1])).toEqual([3]);
    expect(ids([-400, -85, 400, 85])).toEqual([1, 2, 3]);
  });

  it('finds the clusters that hold selected units', () => {
    const units = [unit(1, 59.3, 18.06), unit(2, 59.3001, 18.0601), unit(3, 57.7, 11.97), unit(4, 57.7001, 11.9701)];
    const index = buildClusterIndex(units);
    const items = itemsInView(index, WORLD, 8);
    const pairs = clusters(items);
    expect(pairs).toHaveLength(2);
    const holding = clustersHolding(index, items, new Set([2]));
    expect(holding.size).toBe(1);
    const [held] = pairs.filter((c) => c.kind === 'cluster' && holding.has(c.clusterId));
    expect(held).toMatchObject({ lat: expect.closeTo(59.3, 2) });
    expect(clustersHolding(index, items, new Set()).size).toBe(0);
    expect(clustersHolding(index, items, new Set([99])).size).toBe(0);
  });

  it('zooms a clicked cluster in until it splits', () => {
    const units = [unit(1, 59.3, 18.06), unit(2, 59.3001, 18.0601), unit(3, 57.7, 11.97)];
    const index = buildClusterIndex(units);
    const [pair] = clusters(itemsInView(index, WORLD, 8));
    if (pair?.kind !== 'cluster') throw new Error('expected a cluster');
    const z = expansionZoom(index, pair.clusterId);
    expect(z).toBeGreaterThan(8);
    expect(clusters(itemsInView(index, WORLD, z))).toHaveLength(0);
  });

  it('finds the zoom that shows a unit on its own', () => {
    const units = [unit(1, 59.3, 18.06), unit(2, 59.3001, 18.0601), unit(3, 57.7, 11.97)];
    const index = buildClusterIndex(units);
    const z = revealZoom(index, 0, 2);
    const alone = (zoom: number) =>
      singles(itemsInView(index, WORLD, zoom)).some((i) => i.kind === 'unit' && i.unit.id === 1);
    expect(alone(z)).toBe(true);
    expect(alone(z - 1)).toBe(false);
    // Never zooms out, and a unit already on its own stays at the current zoom.
    expect(revealZoom(index, 2, 6)).toBe(6);
    // Units on the very same spot only separate where clustering stops.
    const same = buildClusterIndex([unit(1, 50, 10), unit(2, 50, 10)]);
    expect(revealZoom(same, 0, 3)).toBe(CLUSTER_OPTIONS.maxZoom + 1);
  });
});
