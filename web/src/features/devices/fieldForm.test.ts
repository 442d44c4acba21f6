import { EDITABLE_FIELDS } from '@fieldwatch/core';
import { describe, expect, it } from 'vitest';
import { formText, isFlag, parseField, settingsPatch } from './fieldForm.ts';

const field = (name: string) => {
  const f = EDITABLE_FIELDS.find((e) => e.name === name);
  if (!f) throw new Error(name);
  return f;
};

describe('settings form values', () => {
  it('parses numbers, decimal commas and empties by the field rules of core', () => {
    expect(parseField(field('Schedule'), '60')).toEqual({ value: 60 });
    expect(parseField(field('GPSLatitude'), '59,33')).toEqual({ value: 59.33 });
    expect(parseField(field('Schedule'), '')).toEqual({ value: null });
    expect(parseField(field('UnitComment'), '')).toEqual({ value: '' });
    expect(parseField(field('Schedule'), '5000')).toEqual({ problem: { rule: 'range', min: 0, max: 1440 } });
    expect(parseField(field('MeasureInterval'), '1.5')).toEqual({ problem: { rule: 'whole' } });
    expect(parseField(field('ConnectIP'), '999.1.1.1')).toEqual({ problem: { rule: 'format' } });
    expect(parseField(field('Schedule'), 'soon')).toEqual({ problem: { rule: 'number' } });
    expect(parseField(field('UnitName'), '  ')).toEqual({ problem: { rule: 'blank' } });
  });

  it('sends only what changed, and names each problem', () => {
    const fields = ['UnitName', 'Schedule', 'ConnectIP'].map(field);
    const stored = { UnitName: 'Bridge', Schedule: 60, ConnectIP: null };
    expect(settingsPatch(fields, { UnitName: 'Bridge', Schedule: '30', ConnectIP: '' }, stored)).toEqual({
      patch: { Schedule: 30 },
      problems: {},
    });
    expect(settingsPatch(fields, { UnitName: '', Schedule: '60', ConnectIP: 'x' }, stored).problems).toEqual({
      UnitName: { rule: 'blank' },
      ConnectIP: { rule: 'format' },
    });
  });

  it('shows unset as empty and 0/1 integers as switches', () => {
    expect(formText(null)).toBe('');
    expect(formText(0)).toBe('0');
    expect(isFlag(field('Disabled'))).toBe(true);
    expect(isFlag(field('Schedule'))).toBe(false);
  });
});
