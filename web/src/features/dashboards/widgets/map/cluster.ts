import { type MapUnit, STATUS_SEVERITY, type UnitStatus } from '@fieldwatch/core';
import Supercluster from 'supercluster';

/**
 * Clustering of the unit maps ("Map clusters use red, orange, green (red is highest
 * severity) and icon sizes 53, 56, 66, 78, 90"). Pure: no DOM, no Leaflet, so it is unit-tested
 * and benchmarked on its own (bench/map-cluster.ts).
 */

/**
 * True when two unit lists draw the same map (same ids, positions and statuses in the same order).
 * Live updates that change something else (an alarm type, a name) then keep the index.
 */
export function sameUnits(a: readonly MapUnit[], b: readonly MapUnit[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as MapUnit;
    const y = b[i] as MapUnit;
    if (x.id !== y.id || x.lat !== y.lat || x.lng !== y.lng || x.status !== y.status) return false;
  }
  return true;
}

/** Number of units per status. */
export function statusCounts(units: readonly { status: UnitStatus }[]): Record<UnitStatus, number> {
  const counts: Record<UnitStatus, number> = { alarm: 0, problem: 0, ok: 0, inactive: 0 };
  for (const u of units) counts[u.status]++;
  return counts;
}

/**
 * Supercluster settings. Leaflet tiles are 256 px, so the extent is 256 and the radius is in
 * screen pixels: 60 px keeps the centres of neighbouring clusters about one icon apart (icons are
 * 53–90 px). Clustering stops above zoom 16 (street level), where every unit is drawn on its own.
 */
export const CLUSTER_OPTIONS = { radius: 60, extent: 256, minZoom: 0, maxZoom: 16, minPoints: 2 } as const;

/**
 * Cluster icon sizes by number of units, the digit rule of the classic marker
 * clusterer: 2–9 units 53 px, 10–99 56 px, 100–999 66 px, 1,000–9,999 78 px, 10,000 or more 90 px.
 */
const CLUSTER_SIZES = [53, 56, 66, 78, 90] as const;
export const CLUSTER_THRESHOLDS = [10, 100, 1_000, 10_000] as const;

export function clusterSize(count: number): number {
  let i = 0;
  while (i < CLUSTER_THRESHOLDS.length && count >= (CLUSTER_THRESHOLDS[i] as number)) i++;
  return CLUSTER_SIZES[i] as number;
}

/** The three cluster colours: red with any alarm, orange with any problem, else green. */
export type ClusterStatus = 'alarm' | 'problem' | 'ok';

export function clusterStatus(worst: number): ClusterStatus {
  if (worst >= STATUS_SEVERITY.alarm) return 'alarm';
  if (worst >= STATUS_SEVERITY.problem) return 'problem';
  return 'ok';
}

/** Per point and per cluster: the worst severity inside (carried up by supercluster's map/reduce). */
type Worst = { worst: number };

export type MapItem =
  | { kind: 'cluster'; clusterId: number; lat: number; lng: number; count: number; status: ClusterStatus; size: number }
  | { kind: 'unit'; unit: MapUnit; lat: number; lng: number; status: UnitStatus };

export type ClusterIndex = {
  readonly units: readonly MapUnit[];
  readonly index: Supercluster<Worst, Worst>;
};

/** Builds the index once per unit list (about 20 ms for 10,000 units; see bench/README.md). */
export function buildClusterIndex(units: readonly MapUnit[], cluster = true): ClusterIndex {
  const index = new Supercluster<Worst, Worst>({
    ...CLUSTER_OPTIONS,
    // Clusters off (map settings): only units at the very same place still group.
    ...(cluster ? {} : { radius: 0 }),
    // Identity map: supercluster copies a point's properties when it starts a cluster.
    reduce: (acc, p) => {
      if (p.worst > acc.worst) acc.worst = p.worst;
    },
  });
  index.load(
    units.map((u, i) => ({
      type: 'Feature' as const,
      id: i,
      properties: { worst: STATUS_SEVERITY[u.status] },
      geometry: { type: 'Point' as const, coordinates: [u.lng, u.lat] },
    })),
  );
  return { units, index };
}

/** [west, south, east, north] in degrees, as Leaflet's bounds give it (supercluster wraps longitudes). */
export type BBox = [number, number, number, number];

/**
 * The clusters and single units in view at a zoom, in drawing order: single units by severity,
 * the worst last (drawn on top), then clusters, the worst last.
 */
export function itemsInView({ units, index }: ClusterIndex, bbox: BBox, zoom: number): MapItem[] {
  // Bucketed by severity (inactive 0 … alarm 3) rather than sorted: linear, and stable.
  const singles: MapItem[][] = [[], [], [], []];
  const clusters: MapItem[][] = [[], [], [], []];
  for (const f of index.getClusters(bbox, zoom)) {
    const [lng, lat] = f.geometry.coordinates as [number, number];
    const p = f.properties;
    if ('cluster' in p) {
      const status = clusterStatus(p.worst);
      const size = clusterSize(p.point_count);
      const item: MapItem = { kind: 'cluster', clusterId: p.cluster_id, lat, lng, count: p.point_count, status, size };
      (clusters[STATUS_SEVERITY[status]] as MapItem[]).push(item);
    } else {
      const unit = units[f.id as number] as MapUnit;
      (singles[p.worst] as MapItem[]).push({ kind: 'unit', unit, lat, lng, status: unit.status });
    }
  }
  return singles.concat(clusters).flat();
}

/**
 * The clusters in a drawing list that hold at least one of the given units (a selection hidden
 * inside a cluster still shows, as a ring round the cluster). Visits the leaves of the clusters
 * in view: at most every unit once per draw, and only when something is selected.
 */
export function clustersHolding({ units, index }: ClusterIndex, items: readonly MapItem[], ids: ReadonlySet<number>) {
  const holding = new Set<number>();
  if (ids.size === 0) return holding;
  for (const item of items) {
    if (item.kind !== 'cluster') continue;
    const leaves = index.getLeaves(item.clusterId, Number.POSITIVE_INFINITY);
    if (leaves.some((l) => ids.has((units[l.id as number] as MapUnit).id))) holding.add(item.clusterId);
  }
  return holding;
}

/** The zoom at which a cluster splits (where a click on it zooms to). */
export const expansionZoom = ({ index }: ClusterIndex, clusterId: number) => index.getClusterExpansionZoom(clusterId);

/**
 * The lowest zoom, not below `from`, at which a unit is drawn on its own rather than inside a
 * cluster (for flying to a unit selected in a list). Units sharing a position never separate:
 * their answer is the first zoom without clustering.
 */
export function revealZoom({ units, index }: ClusterIndex, unitIndex: number, from: number): number {
  const u = units[unitIndex];
  const last = CLUSTER_OPTIONS.maxZoom + 1;
  if (!u) return Math.max(from, 0);
  const e = 1e-5; // about a metre; the index stores positions at about 4 cm resolution
  const bbox: BBox = [u.lng - e, u.lat - e, u.lng + e, u.lat + e];
  for (let z = Math.max(Math.floor(from), CLUSTER_OPTIONS.minZoom); z < last; z++) {
    if (index.getClusters(bbox, z).some((f) => !('cluster' in f.properties) && f.id === unitIndex)) return z;
  }
  return Math.max(last, Math.floor(from));
}
