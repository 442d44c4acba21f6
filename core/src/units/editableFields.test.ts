import { describe, expect, it } from 'vitest';
import {
  EDITABLE_FIELDS,
  type EditableField,
  FLOAT_FIELDS,
  INT_FIELDS,
  STRING_FIELDS,
  validateField,
} from './editableFields.ts';

const field = (name: string): EditableField => {
  const f = EDITABLE_FIELDS.find((x) => x.name === name);
  if (!f) throw new Error(`no field ${name}`);
  return f;
};

describe('editable unit fields', () => {
  it('has exactly 35 int, 19 string and 2 float fields', () => {
    expect(INT_FIELDS).toHaveLength(35);
    expect(STRING_FIELDS).toHaveLength(19);
    expect(FLOAT_FIELDS).toHaveLength(2);
    expect(EDITABLE_FIELDS).toHaveLength(56);
    expect(INT_FIELDS.every((f) => f.kind === 'int')).toBe(true);
    expect(STRING_FIELDS.every((f) => f.kind === 'string')).toBe(true);
    expect(FLOAT_FIELDS.every((f) => f.kind === 'float')).toBe(true);
  });

  it('has unique names', () => {
    expect(new Set(EDITABLE_FIELDS.map((f) => f.name)).size).toBe(EDITABLE_FIELDS.length);
  });

  it('has GPS longitude and latitude as the floats', () => {
    expect(FLOAT_FIELDS.map((f) => f.name).sort()).toEqual(['GPSLatitude', 'GPSLongitude']);
  });

  it('has sane bounds and compilable patterns', () => {
    for (const f of EDITABLE_FIELDS) {
      if (f.kind === 'string') {
        expect(f.maxLength, f.name).toBeGreaterThan(0);
        if (f.pattern) expect(() => new RegExp(f.pattern as string), f.name).not.toThrow();
        expect(validateField(f, ''), f.name).toBeNull();
      } else {
        expect(f.min, f.name).toBeLessThanOrEqual(f.max);
        if (f.kind === 'int') expect(Number.isInteger(f.min) && Number.isInteger(f.max), f.name).toBe(true);
      }
    }
  });
});

describe('validateField', () => {
  it('accepts every numeric field at both bounds and refuses one step outside', () => {
    for (const f of [...INT_FIELDS, ...FLOAT_FIELDS]) {
      expect(validateField(f, f.min), `${f.name} min`).toBeNull();
      expect(validateField(f, f.max), `${f.name} max`).toBeNull();
      const below = validateField(f, f.min - 1);
      const above = validateField(f, f.max + 1);
      expect(below, `${f.name} below`).toContain(f.name);
      expect(above, `${f.name} above`).toContain(f.name);
      expect(above).toContain(String(f.min));
      expect(above).toContain(String(f.max));
    }
  });

  it('refuses non-integers for int fields but accepts fractions for floats', () => {
    expect(validateField(field('Schedule'), 10.5)).toContain('Schedule');
    expect(validateField(field('Schedule'), 10)).toBeNull();
    expect(validateField(field('GPSLatitude'), 59.3293)).toBeNull();
    expect(validateField(field('GPSLongitude'), -18.0686)).toBeNull();
    expect(validateField(field('GPSLatitude'), 90.0001)).toContain('GPSLatitude');
  });

  it('refuses wrong types, naming the field', () => {
    expect(validateField(field('ConnectPort'), '80')).toContain('ConnectPort');
    expect(validateField(field('ConnectPort'), null)).toContain('ConnectPort');
    expect(validateField(field('ConnectPort'), Number.NaN)).toContain('ConnectPort');
    expect(validateField(field('ConnectPort'), Number.POSITIVE_INFINITY)).toContain('ConnectPort');
    expect(validateField(field('GPSLatitude'), '59.3')).toContain('GPSLatitude');
    expect(validateField(field('UnitName'), 42)).toContain('UnitName');
    expect(validateField(field('UnitName'), undefined)).toContain('UnitName');
  });

  it('checks IP address patterns', () => {
    const ip = field('ConnectIP');
    for (const ok of ['', '0.0.0.0', '10.0.0.1', '192.168.1.254', '255.255.255.255']) {
      expect(validateField(ip, ok), ok).toBeNull();
    }
    for (const bad of ['256.1.1.1', '1.2.3', '1.2.3.4.5', 'a.b.c.d', '1.2.3.4 ', '300.300.300.300']) {
      expect(validateField(ip, bad), bad).toContain('ConnectIP');
    }
    for (const f of STRING_FIELDS.filter(
      (x) => x.name.endsWith('IP') || x.name === 'Netmask' || x.name === 'Gateway',
    )) {
      expect(validateField(f, '999.0.0.1'), f.name).toContain(f.name);
    }
  });

  it('checks SMS number patterns', () => {
    expect(validateField(field('SmsNumber'), '+46 70 123 45 67')).toBeNull();
    expect(validateField(field('SmsNumber'), '070-123')).toContain('SmsNumber');
  });

  it('refuses strings longer than the maximum, naming the field', () => {
    for (const f of STRING_FIELDS.filter((x) => !x.pattern)) {
      expect(validateField(f, 'x'.repeat(f.maxLength)), f.name).toBeNull();
      expect(validateField(f, 'x'.repeat(f.maxLength + 1)), f.name).toContain(f.name);
    }
    expect(validateField(field('UnitName'), 'x'.repeat(101))).toContain('100');
  });
});
