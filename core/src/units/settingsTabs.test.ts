import { describe, expect, it } from 'vitest';
import { EDITABLE_FIELDS, FLOAT_FIELDS, INT_FIELDS, STRING_FIELDS } from './editableFields.ts';
import { DEVICE_TABS, fieldsOfTab, TAB_FIELDS } from './settingsTabs.ts';

describe('device management tabs', () => {
  it('has the 14 tabs of the spec', () => {
    expect(DEVICE_TABS).toHaveLength(14);
  });

  it('edits every one of the 35 integer, 19 string and 2 float fields on exactly one tab', () => {
    expect([INT_FIELDS.length, STRING_FIELDS.length, FLOAT_FIELDS.length]).toEqual([35, 19, 2]);
    const placed = Object.values(TAB_FIELDS).flat();
    expect(new Set(placed).size).toBe(placed.length);
    expect([...placed].sort()).toEqual(EDITABLE_FIELDS.map((f) => f.name).sort());
  });

  it('gives each tab its field definitions', () => {
    expect(fieldsOfTab('location').map((f) => f.kind)).toEqual(['string', 'float', 'float']);
    expect(fieldsOfTab('logScan')).toEqual([]);
  });
});
