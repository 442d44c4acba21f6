import { type LegacyMarker, type Marker, type MarkerData, MarkerInput, type MarkerPatch } from '@fieldwatch/core';
import { Value } from '@sinclair/typebox/value';
import type { Db, Queryable } from '../../db/db.ts';
import { HttpError } from '../../http.ts';

import type { UnitRow } from '../devices/devices.service.ts';
import {
  deleteMarker,
  findMarker,
  insertMarker,
  listMarkers,
  type MarkerRow,
  updateMarker,
} from './markers.repository.ts';
import { channelOf } from './telemetry.service.ts';

/**
 * Markers label positions on a channel's radar curve. One stored form (the interface form
 * {name, position, comments, pulseSpeed, locked}) mapped to the v2 answer and to the v1 form,
 * whose JSonData is that form serialised. A locked marker cannot be moved or deleted (409);
 * unlock it first (a change of only `locked` and the text fields is always allowed).
 */
export const toMarker = (row: MarkerRow): Marker => ({ id: row.id, channel: row.channel, ...normalise(row.data) });

export const toLegacyMarker = (row: MarkerRow, customerId: number): LegacyMarker => ({
  ChannelID: row.channel,
  CustomerID: customerId,
  MarkerID: row.id,
  UnitID: row.unit_id,
  JSonData: JSON.stringify(normalise(row.data)),
});

function normalise(d: Partial<MarkerData>): MarkerData {
  return {
    name: d.name ?? '',
    position: d.position ?? 0,
    comments: d.comments ?? '',
    pulseSpeed: d.pulseSpeed ?? 0,
    locked: d.locked ?? false,
  };
}

/** The v1 JSonData: the serialised interface form; a 400 names what is wrong. */
export function parseJsonData(text: string): MarkerInput {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'JSonData must be a JSON object');
  }
  // Like a request body: unknown keys are dropped, then the form is checked.
  if (typeof data === 'object' && data !== null && !Array.isArray(data)) data = Value.Clean(MarkerInput, data);
  if (!Value.Check(MarkerInput, data)) {
    const first = Value.Errors(MarkerInput, data).First();
    throw new HttpError(400, `JSonData${first?.path ?? ''} ${first?.message ?? 'is invalid'}`);
  }
  return data;
}

export async function markersOf(db: Db, unitId: number, channel: number): Promise<MarkerRow[]> {
  await channelOf(db, unitId, channel);
  return listMarkers(db, unitId, channel);
}

export async function createMarker(
  db: Queryable,
  unit: UnitRow,
  channel: number,
  input: MarkerInput,
): Promise<MarkerRow> {
  const ch = await channelOf(db, unit.id, channel);
  return insertMarker(db, unit.id, channel, {
    name: input.name,
    position: input.position,
    comments: input.comments ?? '',
    pulseSpeed: input.pulseSpeed ?? ch.pulse_speed,
    locked: input.locked ?? false,
  });
}

const moves = (from: MarkerData, patch: MarkerPatch) =>
  (patch.position !== undefined && patch.position !== from.position) ||
  (patch.pulseSpeed !== undefined && patch.pulseSpeed !== from.pulseSpeed);

export async function editMarker(
  db: Db,
  unit: UnitRow,
  channel: number,
  markerId: number,
  patch: MarkerPatch,
): Promise<MarkerRow> {
  await channelOf(db, unit.id, channel);
  return db.transaction(async (tx) => {
    const row = await findMarker(tx, unit.id, channel, markerId, true);
    if (!row) throw new HttpError(404, `Marker ${markerId} not found`);
    const current = normalise(row.data);
    if (current.locked && moves(current, patch)) throw new HttpError(409, 'The marker is locked: unlock it to move it');
    const next: MarkerData = { ...current };
    for (const [key, value] of Object.entries(patch)) if (value !== undefined) Object.assign(next, { [key]: value });
    const updated = await updateMarker(tx, row.id, next);
    if (!updated) throw new HttpError(404, `Marker ${markerId} not found`);
    return updated;
  });
}

export async function removeMarker(db: Db, unit: UnitRow, channel: number, markerId: number): Promise<MarkerRow> {
  await channelOf(db, unit.id, channel);
  return db.transaction(async (tx) => {
    const row = await findMarker(tx, unit.id, channel, markerId, true);
    if (!row) throw new HttpError(404, `Marker ${markerId} not found`);
    if (normalise(row.data).locked) throw new HttpError(409, 'The marker is locked: unlock it to delete it');
    await deleteMarker(tx, row.id);
    return row;
  });
}
