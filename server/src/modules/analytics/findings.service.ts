import { AlarmType, type FaultFinding, locateFaults, type MarkerInput, type RadarFinding } from '@fieldwatch/core';
import type { Db, Queryable } from '../../db/db.ts';
import { HttpError } from '../../http.ts';
import type { LiveEvent, LivePublisher } from '../../live/bus.ts';
import { applyFindings } from '../alarms/alarms.service.ts';
import type { UnitRow } from '../devices/devices.service.ts';
import { createMarker } from '../telemetry/markers.service.ts';
import { storedCurve } from '../telemetry/radar.service.ts';
import {
  claimCurve,
  decideFinding,
  dropSuggestions,
  type FindingRow,
  findFinding,
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

/** The channel's fault alarm follows its open suggestions: raised at the nearest, cleared when none is left. */
async function followAlarm(
  tx: Queryable,
  unit: { id: number; organization_id: number },
  channel: number,
  at: Date,
  bus: LivePublisher,
) {
  const open = (await listFindings(tx, unit.id, channel)).filter((f) => f.state === 'suggested');
  const nearest = open[0];
  const raised = nearest
    ? [
        {
          channel,
          type: AlarmType.Fault,
          value: Math.round(nearest.position_m),
          limit: Math.ceil(nearest.uncertainty_m),
        },
      ]
    : [];
  await applyFindings(tx, unit, [{ channel, type: AlarmType.Fault }], raised, at, bus);
}

/**
 * Reads one channel's newest curve against its reference, unless another caller (of any instance)
 * has taken it: new faults are suggested, those seen again move, suggestions the curve no longer
 * shows go. Returns whether this caller analysed it; live events are published after the commit.
 */
export async function analyseCurve(db: Db, p: PendingCurve, bus: LivePublisher): Promise<boolean> {
  const events: LiveEvent[] = [];
  const collect: LivePublisher = { publish: (e) => events.push(e) };
  const done = await db.transaction(async (tx) => {
    if (!(await claimCurve(tx, p))) return false;
    // The stored points alone: the view's positions and difference are not needed here.
    const { curve, reference } = await storedCurve(tx, p.unit_id, p.channel, p.curve_ts);
    if (!reference) return true;
    const found = locateFaults(curve.points, reference.points, curve.pulse_speed);
    const known = await listFindings(tx, p.unit_id, p.channel);
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
        pulse_speed: curve.pulse_speed,
        curve_ts: p.curve_ts,
      };
      const match = known.find((k) => sameFault(k, f));
      if (!match) await insertFinding(tx, row);
      else {
        seen.add(match.id);
        if (match.state === 'suggested') await refreshFinding(tx, match.id, row);
      }
    }
    await dropSuggestions(
      tx,
      known.filter((k) => k.state === 'suggested' && !seen.has(k.id)).map((k) => k.id),
    );
    const unit = { id: p.unit_id, organization_id: p.organization_id };
    await followAlarm(tx, unit, p.channel, p.curve_ts, collect);
    collect.publish({ kind: 'findings', unitId: p.unit_id, organizationId: p.organization_id, channel: p.channel });
    return true;
  });
  for (const e of events) bus.publish(e);
  return done;
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
    await followAlarm(tx, unit, channel, new Date(), collect);
    collect.publish({ kind: 'findings', unitId: unit.id, organizationId: unit.organization_id, channel });
    return decided;
  });
  for (const e of events) bus.publish(e);
  return toFinding(row);
}
