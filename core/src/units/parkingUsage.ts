const MINUTE = 60_000;
const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Occupancy within the daily window: minutes occupied, minutes of window, and their share (0–1). */
export const parkingUsage = (occupiedMs: number, windowMs: number) => ({
  OccupiedMinutes: round(occupiedMs / MINUTE, 2),
  WindowMinutes: round(windowMs / MINUTE, 2),
  Occupancy: windowMs > 0 ? round(occupiedMs / windowMs, 4) : 0,
});

type Usage = ReturnType<typeof parkingUsage>;
type Report<U> = { Units: U[]; Totals: Usage & { Units: number } };

/** One report of the parts of a unit list read in chunks: the units in order, the totals over all. */
export function mergeParkingReports<U, R extends Report<U>>(parts: readonly R[]): R | undefined {
  const [first] = parts;
  if (!first || parts.length === 1) return first;
  const sum = (pick: (t: Usage) => number) => parts.reduce((n, p) => n + pick(p.Totals), 0);
  const units = parts.flatMap((p) => p.Units);
  return {
    ...first,
    Units: units,
    Totals: {
      Units: units.length,
      ...parkingUsage(sum((t) => t.OccupiedMinutes) * MINUTE, sum((t) => t.WindowMinutes) * MINUTE),
    },
  };
}
