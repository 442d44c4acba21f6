import { describe, expect, it } from 'vitest';
import {
  IOT_MIN_TYPE,
  isParkingType,
  isRadarType,
  MEASUREPOINT_TYPES,
  RELAY_UNIT_TYPE,
  UNIT_TYPE_NAMES,
  unitGroups,
  unitTypeName,
} from './unitTypes.ts';

describe('unit type codes', () => {
  it('names the single codes', () => {
    const expected: [number, string][] = [
      [0, 'undefined'],
      [1, 'X1'],
      [2, 'X2'],
      [4, 'X4'],
      [6, 'A1'],
      [12, 'X5'],
      [25, 'X3'],
      [26, 'X3S'],
      [27, 'XPM'],
      [28, 'X6'],
      [41, 'AWG'],
      [243, 'DNIL'],
    ];
    for (const [code, name] of expected) expect(unitTypeName(code), `code ${code}`).toBe(name);
  });

  it.each([
    [13, 'A1E'],
    [17, 'X1E'],
    [21, 'X1L'],
    [29, 'FA1'],
    [33, 'CNL1'],
    [37, 'CNL2'],
  ])('names four variants from %i as %s, the rest with G and B suffixes', (first, base) => {
    const names = [0, 1, 2, 3].map((i) => unitTypeName(first + i));
    expect(names[0]).toBe(base);
    expect(new Set(names).size).toBe(4);
    for (const n of names.slice(1)) expect(n).toMatch(new RegExp(`^${base}(G|B|GB)$`));
    expect(names.slice(1).some((n) => n.endsWith('G'))).toBe(true);
    expect(names.slice(1).some((n) => n.endsWith('B'))).toBe(true);
  });

  it('gives every known code a distinct name', () => {
    const names = Object.values(UNIT_TYPE_NAMES);
    expect(new Set(names).size).toBe(names.length);
  });

  it('has a fallback name for unknown codes', () => {
    expect(unitTypeName(3)).toBe('#3');
    expect(unitTypeName(999)).toBe('#999');
  });

  it('lists the measurepoint codes and the relay code', () => {
    expect(MEASUREPOINT_TYPES).toEqual([104, 112, 125, 126, 127, 128]);
    for (const t of MEASUREPOINT_TYPES) expect(UNIT_TYPE_NAMES[t]).toBeDefined();
    expect(RELAY_UNIT_TYPE).toBe(243);
    expect(IOT_MIN_TYPE).toBe(200);
  });
});

describe('unit groups', () => {
  it('puts codes 200 and above in iot, and nothing below', () => {
    for (const t of [200, 201, 243, 250, 999]) expect(unitGroups(t), `type ${t}`).toContain('iot');
    for (const t of [0, 1, 6, 41, 104, 128, 199]) expect(unitGroups(t), `type ${t}`).not.toContain('iot');
  });

  it('puts LPA, NPS and CIP in parking', () => {
    const parking = Object.keys(UNIT_TYPE_NAMES)
      .map(Number)
      .filter((t) => isParkingType(t))
      .map(unitTypeName)
      .sort();
    expect(parking).toEqual(['CIP', 'LPA', 'NPS']);
    expect(unitGroups(201)).toEqual(expect.arrayContaining(['iot', 'parking']));
  });

  it('puts A1 and X1 in level1, and nothing else', () => {
    const level1 = Object.keys(UNIT_TYPE_NAMES)
      .map(Number)
      .filter((t) => unitGroups(t).includes('level1'))
      .map(unitTypeName)
      .sort();
    expect(level1).toEqual(['A1', 'X1']);
  });

  it('puts X2, X3, X3S, X4, X5, X6 and XPM in level2, and nothing else', () => {
    const level2 = Object.keys(UNIT_TYPE_NAMES)
      .map(Number)
      .filter((t) => unitGroups(t).includes('level2'))
      .map(unitTypeName)
      .sort();
    expect(level2).toEqual(['X2', 'X3', 'X3S', 'X4', 'X5', 'X6', 'XPM']);
  });

  it('puts DNIL (243) in relay, and nothing else', () => {
    expect(unitGroups(RELAY_UNIT_TYPE)).toEqual(expect.arrayContaining(['iot', 'relay']));
    const relay = Object.keys(UNIT_TYPE_NAMES)
      .map(Number)
      .filter((t) => unitGroups(t).includes('relay'));
    expect(relay).toEqual([243]);
  });

  it('puts A1 and every A1E variant in the a1 family, and nothing else', () => {
    const a1 = Object.keys(UNIT_TYPE_NAMES)
      .map(Number)
      .filter((t) => unitGroups(t).includes('a1'))
      .sort((a, b) => a - b);
    expect(a1).toEqual([6, 13, 14, 15, 16]);
  });

  it('treats G and B variants like their base model', () => {
    for (const first of [29, 33, 37]) {
      const base = unitGroups(first);
      for (const i of [1, 2, 3]) expect(unitGroups(first + i)).toEqual(base);
    }
    for (const i of [1, 2, 3]) expect(unitGroups(13 + i)).toEqual(unitGroups(13));
  });

  it('keeps undefined, AWG and unknown low codes out of every group', () => {
    expect(unitGroups(0)).toEqual([]);
    expect(unitGroups(41)).toEqual([]);
    expect(unitGroups(3)).toEqual([]);
  });

  it('marks the radar families', () => {
    for (const t of [2, 4, 12, 25, 26, 27, 28, 29, 33, 37]) expect(isRadarType(t), `type ${t}`).toBe(true);
    for (const t of [0, 1, 6, 13, 200, 243]) expect(isRadarType(t), `type ${t}`).toBe(false);
  });
});
