import { EDITABLE_FIELDS } from '@fieldwatch/core';
import { describe, expect, it } from 'vitest';
import { reportedSettingsChange, settingsChange } from '../src/modules/devices/unit.settings.ts';

// The fields the unit sets (core marks them read-only) are refused by every settings update, the
// v2 settings call and EditUnitInfo alike; the others are written as before.
describe('settings update of read-only fields', () => {
  it('refuses each read-only field with a 400 naming it, and writes the editable ones', () => {
    const readOnly = EDITABLE_FIELDS.filter((f) => f.readOnly);
    expect(readOnly.map((f) => f.name)).toContain('UnitType');
    for (const f of readOnly)
      expect(() => settingsChange({ [f.name]: 1 }), f.name).toThrow(
        expect.objectContaining({ statusCode: 400, message: `${f.name} is set by the unit and cannot be changed` }),
      );
    expect(settingsChange({ Schedule: 30, UnitName: 'Pier' })).toMatchObject({ infoSet: { Schedule: 30 } });
  });

  it('writes what the unit reports with Get settings, read-only fields too, and leaves out what does not fit', () => {
    const change = reportedSettingsChange({ UnitType: 25, Channels: 4, Schedule: 99999, UnitName: ' ', Bogus: 1 });
    expect(change.columns).toEqual({ unit_type: 25 });
    expect(change.infoSet).toEqual({ Channels: 4 });
  });
});
