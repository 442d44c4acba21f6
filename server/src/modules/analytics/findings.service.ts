import { AlarmType, type FaultFinding, locateFaults, type MarkerInput, type RadarFinding } from '@fieldwatch/core';
import type { Db, Queryable } from '../../db/db.ts';
import { HttpError } from '../../http.ts';
import type { LiveEvent, LivePublisher } from '../../live/bus.ts';
import { applyFindingsOfUnits, type UnitFindings } from '../alarms/alarms.service.ts';
import type { UnitRow } from '../devices/devices.service.ts';
import { createMarker } from '../telemetry/markers.service.ts';
import { storedCurves } from '../telemetry/radar.service.ts';
import {
  claimCurves,
  decideFinding,
  dropSuggestions,
  type FindingRow,
  findFinding,
  findingsOfChannels,
  forgetAnalysed,
  insertFinding,
  listFindings,
  type PendingCurve,
  pendingCurves,
  refreshFinding,
  suggestedOfUnits,
} from './findings.repository.ts';

/**
 * Fault localisation on the radar curves units send (docs/analytics.md): each channel's newest curve
 * is compared with its reference by core's locateFaults; what it finds becomes a suggested marker
 * and the channel's "fault suspected" alarm, which the event engine turns into an event,
 * notifications and a task like any other alarm. A user accepts a suggestion (it becomes an
 * ordinary marker) or dismisses it; either way the same fault is not suggested again.
 */

export const toFinding = (r: FindingRow): RadarFinding => ({
  id: r.id,
  unitId: r.unit_id,
  channel: r.channel,
  kind: r.kind,
  position: Math.round(r.position_m * 10) / 10,
  uncertainty: Math.round(r.uncertainty_m * 10) / 10,
  size: Math.round(r.size * 10) / 10,
  confidence: Math.round(r.confidence * 100) / 100,
  pulseSpeed: r.pulse_speed,
  firstSeen: r.first_seen.toISOString(),
  curveTime: r.curve_ts.toISOString(),
  state: r.state,
  markerId: r.marker_id,
});

/** One fault seen twice: the same kind, the positions within both uncertainties of each other. */
const sameFault = (known: FindingRow, found: FaultFinding) =>
  known.kind === found.kind && Math.abs(known.position_m - found.positionM) <= known.uncertainty_m + found.uncertaintyM;

const key = (c: { unit_id: number; channel: number }) => `${c.unit_id}:${c.channel}`;

function byChannel(rows: readonly FindingRow[]) {
  const out = new Map<string, FindingRow[]>();
  for (const r of rows) {
    const list = out.get(key(r)) ?? [];
    if (list.length === 0) out.set(key(r), list);
    list.push(r);
  }
  return out;
}

/** The channel's fault alarm follows its open suggestions: raised at the nearest, cleared when none is left. */
function faultAlarm(
  unit: { id: number; organization_id: number },
  channel: number,
  time: Date,
  findings: readonly FindingRow[],
): UnitFindings {
  const nearest = findings.find((f) => f.state === 'suggested');
  const type = AlarmType.Fault;
  return {
    unit,
    governs: [{ channel, type }],
    raised: nearest
      ? [{ channel, type, value: Math.round(nearest.position_m), limit: Math.ceil(nearest.uncertainty_m) }]
      : [],
    time,
  };
}

/**
 * One channel's faults against those known on it: new ones are suggested, those seen again move,
 * suggestions the curve no longer shows go. Returns whether any finding was written.
 */
async function updateFindings(
  tx: Queryable,
  p: PendingCurve,
  pulseSpeed: number,
  found: readonly FaultFinding[],
  known: readonly FindingRow[],
) {
  const seen = new Set<number>();
  for (const f of found) {
    const row = {
      unit_id: p.unit_id,
      channel: p.channel,
      kind: f.kind,
      position_m: f.positionM,
      uncertainty_m: f.uncertaintyM,
      size: f.size,
      confidence: f.confidence,
      pulse_speed: pulseSpeed,
      curve_ts: p.curve_ts,
    };
    const match = known.find((k) => sameFault(k, f));
    if (!match) await insertFinding(tx, row);
    else {
      seen.add(match.id);
      if (match.state === 'suggested') await refreshFinding(tx, match.id, row);
    }
  }
  const gone = known.filter((k) => k.state === 'suggested' && !seen.has(k.id)).map((k) => k.id);
  await dropSuggestions(tx, gone);
  return found.length > 0 || gone.length > 0;
}

/**
 * Reads channels' newest curves against their references in one transaction, except those another
 * caller (of any instance) has taken, and each channel's fault alarm follows its suggestions. A few
 * queries for the whole batch: on a healthy channel the analysis finds nothing and writes nothing
 * but its mark. Returns how many curves this caller analysed; live events go after the commit.
 */
export async function analyseCurves(db: Db, pending: readonly PendingCurve[], bus: LivePublisher): Promise<number> {
  const events: LiveEvent[] = [];
  const collect: LivePublisher = { publish: (e) => events.push(e) };
  const analysed = await db.transaction(async (tx) => {
    const claimed = new Set((await claimCurves(tx, pending)).map(key));
    const mine = pending.filter((p) => claimed.has(key(p)));
    if (mine.length === 0) return 0;
    const curves = new Map((await storedCurves(tx, mine)).map((c) => [key(c), c]));
    const known = byChannel(await findingsOfChannels(tx, mine));
    const read: PendingCurve[] = [];
    const changed: PendingCurve[] = [];
    for (const p of mine) {
      const curve = curves.get(key(p));
      if (!curve?.reference) continue;
      read.push(p);
      const found = locateFaults(curve.points, curve.reference.points, curve.pulse_speed);
      if (await updateFindings(tx, p, curve.pulse_speed, found, known.get(key(p)) ?? [])) changed.push(p);
    }
    // Only a channel whose findings changed can have suggestions open.
    const current =
      changed.length > 0 ? byChannel(await findingsOfChannels(tx, changed)) : new Map<string, FindingRow[]>();
    await applyFindingsOfUnits(
      tx,
      read.map((p) =>
        faultAlarm(
          { id: p.unit_id, organization_id: p.organization_id },
          p.channel,
          p.curve_ts,
          current.get(key(p)) ?? [],
        ),
      ),
      collect,
    );
    for (const p of changed)
      collect.publish({ kind: 'findings', unitId: p.unit_id, organizationId: p.organization_id, channel: p.channel });
    return mine.length;
  });
  for (const e of events) bus.publish(e);
  return analysed;
}

/**
 * A channel's reference changed: its newest curve is read again against it, so suggestions the new
 * reference already holds go (and their alarm clears) without waiting for the next curve.
 */
export async function readAgain(
  db: Queryable,
  bus: LivePublisher,
  unit: { id: number; organization_id: number },
  channel: number,
) {
  await forgetAnalysed(db, unit.id, channel);
  bus.publish({
    kind: 'radar',
    unitId: unit.id,
    organizationId: unit.organization_id,
    channel,
    t: new Date().toISOString(),
  });
}

/** Channels waiting for analysis: of the given units, or (null) of all. */
export const curvesToAnalyse = (db: Queryable, unitIds: readonly number[] | null, limit: number) =>
  pendingCurves(db, unitIds, limit);

export async function findingsOf(db: Queryable, unitId: number, channel: number): Promise<RadarFinding[]> {
  return (await listFindings(db, unitId, channel)).map(toFinding);
}

/** The open suggestions of the units, for the map. */
export async function suggestedFindings(db: Queryable, unitIds: readonly number[]): Promise<RadarFinding[]> {
  return unitIds.length > 0 ? (await suggestedOfUnits(db, unitIds)).map(toFinding) : [];
}

/**
 * Accepts or dismisses a suggestion of the user's unit (the caller checked the write right): an
 * accepted one becomes an ordinary marker at its position, with its pulse speed, named by the user.
 * A decided suggestion answers 409.
 */
export async function decide(
  db: Db,
  bus: LivePublisher,
  who: { userId: number },
  unit: UnitRow,
  channel: number,
  id: number,
  decision: { accept: Pick<MarkerInput, 'name' | 'comments'> } | { dismiss: true },
): Promise<RadarFinding> {
  const events: LiveEvent[] = [];
  const collect: LivePublisher = { publish: (e) => events.push(e) };
  const row = await db.transaction(async (tx) => {
    const f = await findFinding(tx, unit.id, channel, id, true);
    if (!f) throw new HttpError(404, `Finding ${id} not found`);
    if (f.state !== 'suggested') throw new HttpError(409, 'This suggestion was decided already');
    let markerId: number | null = null;
    if ('accept' in decision) {
      const marker = await createMarker(tx, unit, channel, {
        name: decision.accept.name,
        comments: decision.accept.comments ?? '',
        position: Math.round(f.position_m * 10) / 10,
        pulseSpeed: f.pulse_speed,
        locked: false,
      });
      markerId = marker.id;
    }
    const decided = await decideFinding(
      tx,
      f.id,
      'accept' in decision ? 'accepted' : 'dismissed',
      who.userId,
      markerId,
    );
    if (!decided) throw new HttpError(409, 'This suggestion was decided already');
    await applyFindingsOfUnits(
      tx,
      [faultAlarm(unit, channel, new Date(), await listFindings(tx, unit.id, channel))],
      collect,
    );
    collect.publish({ kind: 'findings', unitId: unit.id, organizationId: unit.organization_id, channel });
    return decided;
  });
  for (const e of events) bus.publish(e);
  return toFinding(row);
}
