import { DAY_MS, LATEST_MAX_AGE_DAYS, seriesByColumn } from '@fieldwatch/core';
import type { Queryable } from '../../db/db.ts';
import type { BusMessage } from '../../live/bus.ts';
import { listUnits, type UnitRow } from './devices.repository.ts';
import {
  type Latest,
  latestByUnit,
  loadUnitParts,
  loadUnitViews,
  type UnitParts,
  type UnitView,
  viewOf,
} from './unit.views.ts';

/**
 * Where the fleet-wide reads (device lists, latest values, KPI counts) get their units: straight
 * from the database (`fleetOf`), or from the memory an API instance keeps (`FleetMemory`). Both
 * answer alike; `db` serves the rest of a call.
 */
export type Fleet = {
  readonly db: Queryable;
  /** The units of the organizations, narrowed to `unitIds` when given, by id. */
  units(organizationIds: readonly number[], unitIds?: readonly number[]): Promise<UnitRow[]>;
  /** Views of units that `units` answered; group names of the given organizations' groups only. */
  views(units: readonly UnitRow[], organizationIds: readonly number[]): Promise<UnitView[]>;
  /** The newest value of every series of the units. */
  latest(unitIds: readonly number[]): Promise<Map<number, Latest>>;
};

/** The fleet read from the database at every call (inside transactions, and where nothing is held). */
export const fleetOf = (db: Queryable): Fleet => ({
  db,
  units: (organizationIds, unitIds) => listUnits(db, organizationIds, unitIds),
  views: (units, organizationIds) => loadUnitViews(db, units, organizationIds),
  latest: (unitIds) => latestByUnit(db, unitIds),
});

/**
 * Everything held for one organization. `version` changes whenever anything held for it does;
 * `unitsVersion` whenever anything but a report put in place from its message does (the units'
 * rows otherwise, their alarms and groups).
 */
type Held = UnitParts & {
  units: UnitRow[];
  index: Map<number, number>;
  at: number;
  version: number;
  unitsVersion: number;
};

/** What an answer is built from: everything, or not the reports' times and values. */
export type StampOptions = { reports?: boolean };

/**
 * A safety net for changes that reach the database without a bus message (a unit's report that
 * carries only a radar curve, the retention sweep, values ageing out of the latest 30 days): an
 * organization is read whole again after this long.
 */
const MAX_AGE_MS = 60_000;
/** Bus messages that change a unit's row (last report, relay), its alarms or its latest values. */
const CHANGES_UNIT = new Set(['samples', 'alarm', 'operation', 'relay']);

const byId = (a: UnitRow, b: UnitRow) => a.id - b.id;

/**
 * The fleet held in memory, per organization, read once and kept current from the bus: a unit
 * that reported, alarmed or ran an operation (on any instance) is read again alone, at the next
 * call that needs it; a write through the API drops everything. A call waits for these reads, so
 * it answers what the database holds once the message that changed it was sent: a unit's report
 * acknowledged, or a write answered, shows in the next call.
 */
export class FleetMemory implements Fleet {
  private readonly held = new Map<number, Held>();
  /** The organization each held unit was last read in (checked against that organization's index). */
  private readonly organizationOf = new Map<number, number>();
  /** Organizations being read whole, and units to read again, per organization. */
  private readonly loading = new Map<number, Promise<Held>>();
  private readonly stale = new Map<number, Set<number>>();
  private readonly refreshing = new Map<number, Promise<void>>();
  /** Advanced by every write: reads begun before it are answered but not kept. */
  private generation = 0;
  private versions = 0;

  constructor(readonly db: Queryable) {}

  follow(message: BusMessage) {
    if (message.kind === 'samples' && this.patchSamples(message)) return;
    if (message.kind === 'dataChanged') {
      this.generation++;
      this.held.clear();
      this.organizationOf.clear();
      this.loading.clear();
      this.stale.clear();
      this.refreshing.clear();
    } else if (CHANGES_UNIT.has(message.kind) && 'unitId' in message) {
      const org = message.organizationId;
      if (!this.held.has(org) && !this.loading.has(org)) return;
      const units = this.stale.get(org) ?? new Set();
      this.stale.set(org, units.add(message.unitId));
    }
  }

  async units(organizationIds: readonly number[], unitIds?: readonly number[]): Promise<UnitRow[]> {
    const held = await Promise.all([...new Set(organizationIds)].map((org) => this.current(org)));
    const wanted = unitIds && new Set(unitIds);
    const units = held.flatMap((h) => (wanted ? h.units.filter((u) => wanted.has(u.id)) : h.units));
    return held.length > 1 ? units.sort(byId) : units;
  }

  async views(units: readonly UnitRow[], organizationIds: readonly number[]): Promise<UnitView[]> {
    const scope = new Set(organizationIds);
    const missing = units.filter((u) => !this.heldOf(u));
    const read =
      missing.length > 0
        ? await loadUnitParts(
            this.db,
            missing.map((u) => u.id),
            false,
          )
        : undefined;
    return units.map((unit) => {
      const h = this.heldOf(unit);
      const parts = h ?? read;
      return viewOf(unit, parts?.alarms.get(unit.id) ?? [], parts?.groups.get(unit.id) ?? [], scope);
    });
  }

  async latest(unitIds: readonly number[]): Promise<Map<number, Latest>> {
    const out = new Map<number, Latest>();
    const missing: number[] = [];
    for (const id of unitIds) {
      const h = this.held.get(this.organizationOf.get(id) ?? -1);
      if (!h?.index.has(id)) missing.push(id);
      else {
        const latest = h.latest.get(id);
        if (latest) out.set(id, latest);
      }
    }
    if (missing.length > 0) for (const [id, latest] of await latestByUnit(this.db, missing)) out.set(id, latest);
    return out;
  }

  /**
   * What is held for the organizations, brought up to date first, as one string: equal stamps
   * mean nothing an answer about them was built from has changed. `reports: false` for an answer
   * that reads no report time or latest value (alarm lists, status counts): a fleet reporting
   * every second leaves its stamp alone.
   */
  async stamp(organizationIds: readonly number[], { reports = true }: StampOptions = {}): Promise<string> {
    const held = await Promise.all([...new Set(organizationIds)].sort((a, b) => a - b).map((org) => this.current(org)));
    return `${this.generation}:${reports ? 'all' : 'units'}:${held.map((h) => (reports ? h.version : h.unitsVersion)).join(',')}`;
  }

  /**
   * A report's samples, put in place from the message itself instead of reading the unit again: its
   * last report time and its newest value of each series, by the rules ingest stored them with (a
   * value replaces an older one only; a report time from the unit's future is not trusted). Not
   * when a read of the organization is under way, which may have begun before the report was
   * stored: the unit is read again then, as for any other change. Alarms the report raised or
   * cleared come as messages of their own.
   */
  private patchSamples(m: { unitId: number; organizationId: number; t: string; values: Record<string, number> }) {
    const org = m.organizationId;
    const h = this.held.get(org);
    const i = h?.index.get(m.unitId);
    const at = Date.parse(m.t);
    const now = Date.now();
    if (!h || i === undefined || this.loading.has(org) || this.refreshing.has(org)) return false;
    if (this.stale.get(org)?.has(m.unitId) || !(at <= now)) return false;
    const unit = h.units[i] as UnitRow;
    if (!unit.last_report_at || unit.last_report_at.getTime() < at)
      h.units[i] = { ...unit, last_report_at: new Date(at) };
    if (at > now - LATEST_MAX_AGE_DAYS * DAY_MS) {
      const latest: Latest = { ...h.latest.get(m.unitId) };
      for (const [column, value] of Object.entries(m.values)) {
        if (!seriesByColumn(column)) continue;
        const held = latest[column];
        if (!held || held.time.getTime() < at) latest[column] = { value, time: new Date(at) };
      }
      h.latest.set(m.unitId, latest);
    }
    h.version = ++this.versions;
    return true;
  }

  /** The organization held for this unit, if this very row is what it holds. */
  private heldOf(unit: UnitRow): Held | undefined {
    const h = this.held.get(unit.organization_id);
    const i = h?.index.get(unit.id);
    return h && i !== undefined && h.units[i] === unit ? h : undefined;
  }

  /**
   * The organization as the database holds it now: read whole when new, its changed units again.
   * One held longer than MAX_AGE_MS is read whole again behind the call, which answers from what
   * is held: that reread is a net for changes no message announced, and a call waiting for it
   * (hundreds of milliseconds for a large organization on a busy instance) was the slowest tail
   * of every fleet-wide call.
   */
  private async current(org: number): Promise<Held> {
    let h = this.held.get(org);
    if (!h) h = await this.load(org);
    else if (Date.now() - h.at > MAX_AGE_MS && !this.loading.has(org)) this.load(org).catch(() => {});
    // Units marked while a read of them was under way are read again.
    while (this.stale.get(org)?.size || this.refreshing.has(org)) await this.refresh(org);
    return this.held.get(org) ?? h;
  }

  private load(org: number): Promise<Held> {
    const running = this.loading.get(org);
    if (running) return running;
    const generation = this.generation;
    this.stale.delete(org);
    const read = (async () => {
      const units = await listUnits(this.db, [org]);
      const parts = await loadUnitParts(
        this.db,
        units.map((u) => u.id),
      );
      const index = new Map(units.map((u, i) => [u.id, i]));
      const version = ++this.versions;
      return { units, index, ...parts, at: Date.now(), version, unitsVersion: version };
    })();
    const kept = read
      .then((h) => {
        if (generation === this.generation) {
          this.held.set(org, h);
          for (const u of h.units) this.organizationOf.set(u.id, org);
        }
        return h;
      })
      .finally(() => {
        if (this.loading.get(org) === kept) this.loading.delete(org);
      });
    this.loading.set(org, kept);
    return kept;
  }

  private refresh(org: number): Promise<void> {
    const running = this.refreshing.get(org);
    if (running) return running;
    const ids = [...(this.stale.get(org) ?? [])];
    this.stale.delete(org);
    const generation = this.generation;
    const done = (async () => {
      const units = await listUnits(this.db, [org], ids);
      const parts = await loadUnitParts(this.db, ids);
      const h = this.held.get(org);
      if (generation !== this.generation || !h) return;
      this.replace(h, ids, units, parts);
      h.version = ++this.versions;
      h.unitsVersion = h.version;
    })().finally(() => {
      if (this.refreshing.get(org) === done) this.refreshing.delete(org);
    });
    this.refreshing.set(org, done);
    return done;
  }

  /** Puts what was read of `ids` in place; a unit no longer there (moved, removed) leaves. */
  private replace(h: Held, ids: readonly number[], units: readonly UnitRow[], parts: UnitParts) {
    const found = new Map(units.map((u) => [u.id, u]));
    let reordered = false;
    for (const id of ids) {
      const unit = found.get(id);
      const i = h.index.get(id);
      if (unit && i !== undefined) h.units[i] = unit;
      else reordered = true;
      for (const [map, from] of [
        [h.alarms, parts.alarms],
        [h.groups, parts.groups],
        [h.latest, parts.latest],
      ] as const) {
        const value = from.get(id);
        if (value) (map as Map<number, unknown>).set(id, value);
        else map.delete(id);
      }
    }
    if (!reordered) return;
    const kept = new Map(h.units.map((u) => [u.id, u]));
    for (const id of ids) {
      const unit = found.get(id);
      if (unit) kept.set(id, unit);
      else kept.delete(id);
      if (unit) this.organizationOf.set(id, unit.organization_id);
    }
    h.units = [...kept.values()].sort(byId);
    h.index = new Map(h.units.map((u, i) => [u.id, i]));
  }
}
