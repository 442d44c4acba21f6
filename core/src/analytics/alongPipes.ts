/**
 * Where a fault found at a distance along a unit's alarm wire lies on the map: the wire runs in the
 * pipe from the unit, so the fault is at that distance along the pipe network from where the unit
 * joins it. A network that branches gives one candidate per branch; a unit far from any pipe, or a
 * distance beyond the mapped pipes, gives none (the map then draws a ring of that radius instead).
 */

/** Longitude, latitude (GeoJSON order). */
export type LngLat = readonly [number, number];

export type AlongPipesOptions = {
  /** A unit further than this from every pipe is not on the network (metres). */
  maxJoin?: number;
  /** Candidates closer than this to each other are one (metres). */
  merge?: number;
};

const M_PER_DEG = 111_320;
/** Line ends within this of another line join it (metres): GIS data is drawn, not surveyed. */
const SNAP = 1;

type P = { x: number; y: number };
type Edge = { to: number; length: number };

const dist = (a: P, b: P) => Math.hypot(a.x - b.x, a.y - b.y);

/** The point of segment ab nearest to p, and where along it (0–1). */
function nearestOnSegment(p: P, a: P, b: P): { at: P; f: number } {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const f = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return { at: { x: a.x + f * dx, y: a.y + f * dy }, f };
}

/** The pipes as a graph of points and straight pieces, in metres around an origin. */
class Network {
  readonly points: P[] = [];
  readonly edges: Edge[][] = [];
  private readonly byKey = new Map<string, number>();

  node(p: P): number {
    // Points within half a metre are one: lines that meet share their end point.
    const key = `${Math.round(p.x * 2)},${Math.round(p.y * 2)}`;
    const known = this.byKey.get(key);
    if (known !== undefined) return known;
    this.points.push(p);
    this.edges.push([]);
    this.byKey.set(key, this.points.length - 1);
    return this.points.length - 1;
  }

  link(a: number, b: number) {
    if (a === b) return;
    const length = dist(this.points[a] as P, this.points[b] as P);
    this.edges[a]?.push({ to: b, length });
    this.edges[b]?.push({ to: a, length });
  }

  /** Shortest distances along the network from node `from` (Dijkstra; networks near a unit are small). */
  distancesFrom(from: number): number[] {
    const d = this.points.map(() => Number.POSITIVE_INFINITY);
    const done = this.points.map(() => false);
    d[from] = 0;
    for (;;) {
      let u = -1;
      for (let i = 0; i < d.length; i++) if (!done[i] && (u < 0 || (d[i] as number) < (d[u] as number))) u = i;
      if (u < 0 || !Number.isFinite(d[u] as number)) return d;
      done[u] = true;
      for (const e of this.edges[u] ?? []) {
        const via = (d[u] as number) + e.length;
        if (via < (d[e.to] as number)) d[e.to] = via;
      }
    }
  }
}

/**
 * The points `distance` metres along the pipes (`lines`, each a polyline) from where the unit at
 * `unit` joins them: one per branch, nearest branch first; empty when the unit is further than
 * `maxJoin` from every pipe or the pipes end before that distance.
 */
export function pointsAlongPipes(
  unit: LngLat,
  lines: readonly (readonly LngLat[])[],
  distance: number,
  { maxJoin = 50, merge = 20 }: AlongPipesOptions = {},
): LngLat[] {
  const [long0, lat0] = unit;
  const mx = M_PER_DEG * Math.cos((lat0 * Math.PI) / 180);
  const toP = ([long, lat]: LngLat): P => ({ x: (long - long0) * mx, y: (lat - lat0) * M_PER_DEG });
  const toLngLat = (p: P): LngLat => [long0 + p.x / mx, lat0 + p.y / M_PER_DEG];
  const origin: P = { x: 0, y: 0 };

  // Only pipes that come within reach matter.
  const reach = distance + maxJoin;
  const near = lines
    .map((l) => l.map(toP))
    .filter((l) => l.some((p, i) => i > 0 && dist(nearestOnSegment(origin, l[i - 1] as P, p).at, origin) <= reach));
  if (near.length === 0) return [];

  // Every segment with the points on it where another line ends or the unit joins (a T-junction
  // rarely falls on a vertex).
  const segments = near.flatMap((l) => l.slice(1).map((b, i) => ({ a: l[i] as P, b, cuts: [] as number[] })));
  const ends = near.flatMap((l) => [l[0] as P, l[l.length - 1] as P]);
  for (const s of segments)
    for (const e of ends) {
      const { at, f } = nearestOnSegment(e, s.a, s.b);
      if (f > 0 && f < 1 && dist(at, e) <= SNAP) s.cuts.push(f);
    }
  let join: { s: (typeof segments)[number]; f: number; gap: number } | undefined;
  for (const s of segments) {
    const { at, f } = nearestOnSegment(origin, s.a, s.b);
    const gap = dist(at, origin);
    if (!join || gap < join.gap) join = { s, f, gap };
  }
  if (!join || join.gap > maxJoin) return [];
  join.s.cuts.push(join.f);

  const net = new Network();
  let start = -1;
  for (const s of segments) {
    const fs = [0, ...s.cuts.sort((a, b) => a - b), 1];
    const ids = fs.map((f) => net.node({ x: s.a.x + f * (s.b.x - s.a.x), y: s.a.y + f * (s.b.y - s.a.y) }));
    for (let i = 1; i < ids.length; i++) net.link(ids[i - 1] as number, ids[i] as number);
    if (s === join.s) start = ids[fs.indexOf(join.f)] as number;
  }
  const d = net.distancesFrom(start);

  // On each piece, the point whose shortest way from the unit is exactly `distance`.
  const found: P[] = [];
  net.edges.forEach((edges, u) => {
    const du = d[u] as number;
    for (const e of edges) {
      const dv = d[e.to] as number;
      const along = distance - du;
      if (along < 0 || along >= e.length || du + along > dv + e.length - along + 1e-6) continue;
      const a = net.points[u] as P;
      const b = net.points[e.to] as P;
      const f = along / e.length;
      const p = { x: a.x + f * (b.x - a.x), y: a.y + f * (b.y - a.y) };
      if (!found.some((q) => dist(p, q) < merge)) found.push(p);
    }
  });
  return found.sort((p, q) => dist(p, origin) - dist(q, origin)).map(toLngLat);
}
