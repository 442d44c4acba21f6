import { AlarmType, EDITABLE_FIELDS, REQUIRED_SETTINGS, validateField } from '@fieldwatch/core';
import type { Db } from '../../db/db.ts';
import { HttpError } from '../../http.ts';
import type { LiveBus } from '../../live/bus.ts';
import { type AlarmRow, alarmEvent, applyFindings } from '../alarms/alarms.service.ts';
import { SETTING_COLUMNS, type SettingColumn, type UnitRow, updateUnitFields } from './devices.repository.ts';

const fields = new Map(EDITABLE_FIELDS.map((f) => [f.name, f]));
const DISABLED_KEY = { channel: 0, type: AlarmType.Disabled };

export type SettingsChange = {
  columns: Partial<Record<SettingColumn, unknown>>;
  infoSet: Record<string, unknown>;
  infoUnset: string[];
  alarmSettings: Record<string, unknown>;
};

/**
 * Checks a partial settings update field by field (core's validateField; a read-only field is
 * refused) and says where each value goes. The first bad field refuses the whole update (400 naming it), so nothing is written.
 * null clears a field (UnitLocation becomes empty, a GPS coordinate unknown); UnitName and
 * UnitType cannot be cleared. The unit itself (`byUnit`) also writes the read-only fields.
 */
export function settingsChange(patch: Readonly<Record<string, unknown>>, byUnit = false): SettingsChange {
  const change: SettingsChange = { columns: {}, infoSet: {}, infoUnset: [], alarmSettings: {} };
  for (const [name, value] of Object.entries(patch)) {
    const field = fields.get(name);
    if (!field) throw new HttpError(400, `${name} is not an editable field`);
    if (field.readOnly && !byUnit) throw new HttpError(400, `${name} is set by the unit and cannot be changed`);
    const column: SettingColumn | undefined = SETTING_COLUMNS[name as keyof typeof SETTING_COLUMNS];
    if (value === null || value === undefined) {
      if (REQUIRED_SETTINGS.includes(name)) throw new HttpError(400, `${name} should not be blank`);
      if (column) change.columns[column] = column === 'unit_location' ? '' : null;
      else change.infoUnset.push(name);
      continue;
    }
    const error = validateField(field, value);
    if (error) throw new HttpError(400, error);
    if (name === 'UnitName' && String(value).trim() === '') throw new HttpError(400, 'UnitName should not be blank');
    if (column) change.columns[column] = value;
    else change.infoSet[name] = value;
  }
  // The switch and intrusion flags also steer the alarm rules of ingest.
  if (typeof patch.NormallyClosed === 'number') change.alarmSettings.normallyClosed = patch.NormallyClosed === 1;
  if (typeof patch.Intrusion === 'number') change.alarmSettings.intrusion = patch.Intrusion === 1;
  return change;
}

/**
 * The settings a unit reported with Get settings: each known field whose value fits is written (the
 * read-only ones too: the unit sets them); anything else it sent is left out, never refused.
 */
export function reportedSettingsChange(data: Readonly<Record<string, unknown>>): SettingsChange {
  const fitting = Object.entries(data).filter(([name, value]) => {
    const field = fields.get(name);
    const blank = REQUIRED_SETTINGS.includes(name) && String(value ?? '').trim() === '';
    return field && value !== null && !blank && validateField(field, value) === null;
  });
  return settingsChange(Object.fromEntries(fitting), true);
}

/**
 * The one settings update of the v2 settings call and the legacy EditUnitInfo: validates, writes
 * columns and `info` in one transaction, and raises (Disabled=1) or clears (0 or cleared) the
 * disabled-device alarm (type 43) through the alarm service.
 */
export async function updateUnitSettings(
  db: Db,
  unit: UnitRow,
  patch: Readonly<Record<string, unknown>>,
  bus?: LiveBus,
): Promise<UnitRow> {
  const change = settingsChange(patch);
  const changed: AlarmRow[] = [];
  const row = await db.transaction(async (tx) => {
    const updated = await updateUnitFields(tx, unit.id, change);
    if (!updated) throw new HttpError(404, 'Unit not found');
    if ('Disabled' in patch) {
      const raised = patch.Disabled === 1 ? [{ ...DISABLED_KEY, value: null, limit: null }] : [];
      const found = await applyFindings(tx, unit, [DISABLED_KEY], raised, new Date());
      changed.push(...found.raised, ...found.cleared);
    }
    return updated;
  });
  for (const a of changed) bus?.publish(alarmEvent(unit.organization_id, a));
  return row;
}
