/**
 * The GIS types, in the spec's order. `name` is the legacy GISType text of GetGISData;
 * `key` names the type in code and translations; `geometry` lists the shapes a feature may have.
 * Units are measuring points: GetGISData adds them from the unit positions.
 */
export const GIS_TYPES = [
  { id: 1, key: 'alarmWire', name: 'alarm wire', geometry: ['LineString'] },
  { id: 2, key: 'boilerPlant', name: 'boiler plant', geometry: ['Polygon', 'Point'] },
  { id: 3, key: 'distributionPipe', name: 'distribution pipe', geometry: ['LineString'] },
  { id: 4, key: 'mainPipe', name: 'main pipe', geometry: ['LineString'] },
  { id: 5, key: 'measuringPoint', name: 'measuring point', geometry: ['Point'] },
  {
    id: 6,
    key: 'emergencyServices',
    name: 'emergency services station and area',
    geometry: ['Point', 'Polygon'],
  },
  { id: 7, key: 'servicePipe', name: 'service pipe', geometry: ['LineString'] },
  { id: 8, key: 'valveChamber', name: 'valve chamber', geometry: ['Point'] },
  { id: 9, key: 'valvePit', name: 'valve pit', geometry: ['Point'] },
] as const;

export type GisTypeDef = (typeof GIS_TYPES)[number];
export type GisTypeKey = GisTypeDef['key'];
type GisTypeName = GisTypeDef['name'];
type GisGeometryType = 'Point' | 'LineString' | 'Polygon';

export const GIS_TYPE_NAMES = GIS_TYPES.map((t) => t.name) as GisTypeName[];
export const GIS_TYPE_KEYS = GIS_TYPES.map((t) => t.key) as GisTypeKey[];
export const MEASURING_POINT: GisTypeDef = GIS_TYPES[4];

const byId = new Map<number, GisTypeDef>(GIS_TYPES.map((t) => [t.id, t]));
const byName = new Map<string, GisTypeDef>(GIS_TYPES.map((t) => [t.name, t]));
const byKey = new Map<string, GisTypeDef>(GIS_TYPES.map((t) => [t.key, t]));

export const gisTypeById = (id: number): GisTypeDef | undefined => byId.get(id);
/** The type of a legacy GISType text (case and surrounding spaces ignored). */
export const gisTypeByName = (name: string): GisTypeDef | undefined => byName.get(name.trim().toLowerCase());
export const gisTypeByKey = (key: string): GisTypeDef | undefined => byKey.get(key);

/** May a feature of this type have this geometry? */
export const gisGeometryAllowed = (type: GisTypeDef, geometry: GisGeometryType): boolean =>
  (type.geometry as readonly string[]).includes(geometry);
