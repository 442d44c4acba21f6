/** Unit type codes. Suffixes G and B denote variants. */
const variants = (base: string, first: number): [number, string][] =>
  ['', 'G', 'B', 'GB'].map((suffix, i) => [first + i, `${base}${suffix}`]);

export const UNIT_TYPE_NAMES: Readonly<Record<number, string>> = Object.fromEntries([
  [0, 'undefined'],
  [1, 'X1'],
  [2, 'X2'],
  [4, 'X4'],
  [6, 'A1'],
  [12, 'X5'],
  ...variants('A1E', 13),
  ...variants('X1E', 17),
  ...variants('X1L', 21),
  [25, 'X3'],
  [26, 'X3S'],
  [27, 'XPM'],
  [28, 'X6'],
  ...variants('FA1', 29),
  ...variants('CNL1', 33),
  ...variants('CNL2', 37),
  [41, 'AWG'],
  [104, 'MP104'],
  [112, 'MP112'],
  [125, 'MP125'],
  [126, 'MP126'],
  [127, 'MP127'],
  [128, 'MP128'],
  // IoT devices (200 and above)
  [200, 'TH'],
  [201, 'LPA'],
  [202, 'NPS'],
  [203, 'CIP'],
  [210, 'WST'],
  [220, 'WLV'],
  [230, 'AQS'],
  [235, 'CMT'],
  [243, 'DNIL'],
]);

export const MEASUREPOINT_TYPES: readonly number[] = [104, 112, 125, 126, 127, 128];
export const RELAY_UNIT_TYPE = 243;
export const IOT_MIN_TYPE = 200;

export function unitTypeName(type: number): string {
  return UNIT_TYPE_NAMES[type] ?? `#${type}`;
}

/** The base model of a type name, without the G and B suffixes of the variant families. */
function model(type: number): string {
  const name = unitTypeName(type);
  return /^(A1E|X1E|X1L|FA1|CNL1|CNL2)G?B?$/.exec(name)?.[1] ?? name;
}

export type UnitGroup = 'radar' | 'iot' | 'parking' | 'level1' | 'level2' | 'relay' | 'a1';

const level1 = ['A1', 'X1'];
const level2 = ['X2', 'X3', 'X3S', 'X4', 'X5', 'X6', 'XPM'];
const parking = ['LPA', 'NPS', 'CIP'];
const radar = ['X1L', 'X2', 'X3', 'X3S', 'X4', 'X5', 'X6', 'XPM', 'CNL1', 'CNL2', 'FA1'];

/** The unit groups a type belongs to. */
export function unitGroups(type: number): UnitGroup[] {
  const m = model(type);
  const groups: UnitGroup[] = [];
  if (radar.includes(m)) groups.push('radar');
  if (type >= IOT_MIN_TYPE) groups.push('iot');
  if (parking.includes(m)) groups.push('parking');
  if (level1.includes(m)) groups.push('level1');
  if (level2.includes(m)) groups.push('level2');
  if (m === 'DNIL') groups.push('relay');
  if (m.startsWith('A1')) groups.push('a1');
  return groups;
}

export const isParkingType = (type: number) => unitGroups(type).includes('parking');
export const isRadarType = (type: number) => unitGroups(type).includes('radar');
