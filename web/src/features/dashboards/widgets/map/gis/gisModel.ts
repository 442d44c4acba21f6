import { GIS_TYPE_KEYS, type GisFeature, type GisTypeKey, gisTypeByName } from '@fieldwatch/core';

/**
 * The GIS overlay's model: which features belong to which type, in which order they draw and
 * are listed, and which types the widget hides (widget.props.gisHidden, saved with the dashboard).
 */

/** Draw order, bottom first: areas, then pipes from the widest, the wire, then the rings. */
export const DRAW_ORDER: readonly GisTypeKey[] = [
  'emergencyServices',
  'boilerPlant',
  'mainPipe',
  'distributionPipe',
  'servicePipe',
  'alarmWire',
  'measuringPoint',
  'valveChamber',
  'valvePit',
];

/** Listing order of the layers control: the network first, then the points and areas. */
export const LIST_ORDER: readonly GisTypeKey[] = [
  'mainPipe',
  'distributionPipe',
  'servicePipe',
  'alarmWire',
  'valveChamber',
  'valvePit',
  'boilerPlant',
  'emergencyServices',
  'measuringPoint',
];

/** How a type's legend symbol looks: a line (solid or dashed), an area, or a point symbol. */
export type SymbolKind = 'line' | 'dashed' | 'area' | 'point';
export const SYMBOL: Record<GisTypeKey, SymbolKind> = {
  mainPipe: 'line',
  distributionPipe: 'line',
  servicePipe: 'line',
  alarmWire: 'dashed',
  boilerPlant: 'area',
  emergencyServices: 'point',
  measuringPoint: 'point',
  valveChamber: 'point',
  valvePit: 'point',
};

/** The hidden types of stored widget props: known keys only, anything else ignored. */
export function hiddenTypes(props: Record<string, unknown> | undefined): GisTypeKey[] {
  const value = props?.gisHidden;
  if (!Array.isArray(value)) return [];
  const known = new Set<string>(GIS_TYPE_KEYS);
  return [...new Set(value.filter((k): k is GisTypeKey => typeof k === 'string' && known.has(k)))];
}

/** The props after toggling one type: other props kept, hidden keys in a stable order. */
export function toggleHidden(props: Record<string, unknown> | undefined, key: GisTypeKey): Record<string, unknown> {
  const hidden = new Set(hiddenTypes(props));
  if (hidden.has(key)) hidden.delete(key);
  else hidden.add(key);
  return { ...(props ?? {}), gisHidden: GIS_TYPE_KEYS.filter((k) => hidden.has(k)) };
}

/** Features grouped by type (unknown GISType texts left out), each group in the order received. */
export function groupByType(features: readonly GisFeature[]): Map<GisTypeKey, GisFeature[]> {
  const groups = new Map<GisTypeKey, GisFeature[]>();
  for (const f of features) {
    const key = gisTypeByName(String(f.properties?.GISType ?? ''))?.key;
    if (!key || !f.geometry) continue;
    const list = groups.get(key) ?? [];
    list.push(f);
    groups.set(key, list);
  }
  return groups;
}

/** A feature's display name: its own name, or the unit's for a measuring point. */
export const featureName = (f: GisFeature): string => f.properties.Name || f.properties.UnitName || '';
