import { type LegacyChannel, parseColumns, SERIES } from '@fieldwatch/core';
import type { Queryable } from '../../db/db.ts';
import { HttpError } from '../../http.ts';

import type { UnitRow } from '../devices/devices.service.ts';
import type { StoredReference } from './channels.repository.ts';
import * as channelsRepository from './channels.repository.ts';
import { type ChannelRow, setChannelColumns } from './channels.repository.ts';
import { channelOf } from './telemetry.service.ts';

/** The Columns of a channel: as last set by EditChannel, otherwise every series of that channel. */
function channelColumns(row: ChannelRow): string {
  if (typeof row.columns === 'string') return row.columns;
  return SERIES.filter((s) => s.channel === row.channel)
    .map((s) => s.column)
    .join(',');
}

const toLegacyChannel = (unit: UnitRow, row: ChannelRow): LegacyChannel => ({
  ChannelID: row.channel,
  UnitID: unit.id,
  CustomerID: unit.organization_id,
  Columns: channelColumns(row),
});

export async function legacyChannel(db: Queryable, unit: UnitRow, channel: number): Promise<LegacyChannel> {
  return toLegacyChannel(unit, await channelOf(db, unit.id, channel));
}

/** EditChannel: sets the channel's Columns (known column names, comma-joined, or '*'). */
export async function editChannelColumns(
  db: Queryable,
  unit: UnitRow,
  channel: number,
  columns: string,
): Promise<LegacyChannel> {
  const row = await channelOf(db, unit.id, channel);
  const { unknown } = parseColumns(columns);
  if (unknown.length > 0) throw new HttpError(400, `Columns: unknown column ${unknown.join(', ')}`);
  const text = columns
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean)
    .join(',');
  await setChannelColumns(db, unit.id, channel, text);
  return toLegacyChannel(unit, { ...row, columns: text });
}

// The stored rows other modules read and write, through this service only.
export function setDefaultRadar(db: Queryable, unitId: number, channel: number, ref: StoredReference | null) {
  return channelsRepository.setDefaultRadar(db, unitId, channel, ref);
}
