import { type FilterableUnit, type FilterSettings, filterUnits } from './filters.ts';
import { type UnitStatus, unitStatus } from './unitStatus.ts';
import { isParkingType, unitTypeName } from './unitTypes.ts';

/** The three unit maps: every unit, units in alarm (or with a problem), parking sensors. */
export const MAP_VARIANTS = ['deviceMap', 'alarmMap', 'parkingMap'] as const;
export type MapVariant = (typeof MAP_VARIANTS)[number];

/** Whether a map variant shows a unit, before the dashboard's filter. */
export function mapShows(variant: MapVariant, status: UnitStatus, typeCode: number): boolean {
  if (variant === 'alarmMap') return status === 'alarm' || status === 'problem';
  if (variant === 'parkingMap') return isParkingType(typeCode);
  return true;
}

/**
 * A position is usable when both coordinates are finite and in range. Exactly (0, 0) counts as
 * missing: it is what units without a GPS fix report, and it lies in the ocean off Africa.
 */
export function hasPosition(lat: number | null, lng: number | null): boolean {
  if (lat === null || lng === null || !Number.isFinite(lat) || !Number.isFinite(lng)) return false;
  if (lat === 0 && lng === 0) return false;
  return lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180;
}

/**
 * What a unit map draws, column by column (a tenth of the device list's bytes): each placed
 * unit's id, position and status in the device list's order, and how many units it shows have no
 * position.
 */
export type MapUnits = { ids: number[]; lat: number[]; lng: number[]; status: UnitStatus[]; unplaced: number };

/** Positions are sent to 1e-6 degrees (about 10 cm), which no map zoom can tell apart. */
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** The units a map variant shows after a dashboard filter, as the map draws them. */
export function mapUnitsOf<U extends FilterableUnit & { id: number; lat: number | null; lng: number | null }>(
  units: readonly U[],
  variant: MapVariant,
  f: FilterSettings,
): MapUnits {
  const out: MapUnits = { ids: [], lat: [], lng: [], status: [], unplaced: 0 };
  for (const u of filterUnits(units, f, unitTypeName)) {
    const status = unitStatus(u);
    if (!mapShows(variant, status, u.UnitType)) continue;
    if (!hasPosition(u.lat, u.lng)) {
      out.unplaced++;
      continue;
    }
    out.ids.push(u.id);
    out.lat.push(round6(u.lat as number));
    out.lng.push(round6(u.lng as number));
    out.status.push(status);
  }
  return out;
}

/** A placed unit as a map draws it. */
export type MapUnit = { id: number; lat: number; lng: number; status: UnitStatus };

/** The columns of a map's answer as the units it draws. */
export function unitsOfMap(m: MapUnits | undefined): MapUnit[] {
  if (!m) return [];
  return m.ids.map((id, i) => ({
    id,
    lat: m.lat[i] as number,
    lng: m.lng[i] as number,
    status: m.status[i] as UnitStatus,
  }));
}
