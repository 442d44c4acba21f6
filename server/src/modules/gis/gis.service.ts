import {
  type GisFeature,
  GisGeometry,
  gisGeometryAllowed,
  gisTypeById,
  MEASURING_POINT,
  WidgetRight,
} from '@fieldwatch/core';
import { Value } from '@sinclair/typebox/value';
import type { Queryable } from '../../db/db.ts';
import { HttpError } from '../../http.ts';

import type { SessionRow } from '../auth/auth.service.ts';
import { reachedOrganizations } from '../organizations/organizations.service.ts';
import { unitsOf } from '../telemetry/telemetry.service.ts';
import * as gisRepository from './gis.repository.ts';
import { type GisFeatureRow, insertGisFeatures, listGisFeatures, type NewGisFeature } from './gis.repository.ts';

/** A stored feature as GeoJSON; undefined when its type or geometry is not one GetGISData may answer. */
function toGisFeature(row: GisFeatureRow): GisFeature | undefined {
  const type = gisTypeById(row.gis_type);
  if (!type || !Value.Check(GisGeometry, row.geometry) || !gisGeometryAllowed(type, row.geometry.type))
    return undefined;
  return {
    type: 'Feature',
    geometry: row.geometry,
    properties: { GISType: type.name, CustomerID: row.organization_id, FeatureID: row.id, Name: row.name },
  };
}

/**
 * GetGISData: a customer's GIS features, then its units (those with a position) as measuring points.
 * 404 for a customer the caller cannot see, 403 for one without the TyrensGIS right.
 */
export async function gisFeatures(db: Queryable, session: SessionRow, customerId: number): Promise<GisFeature[]> {
  const customer = (await reachedOrganizations(db, session)).find((o) => o.id === customerId);
  if (!customer) throw new HttpError(404, 'Customer not found');
  if (!customer.rights.includes(WidgetRight.TyrensGIS)) throw new HttpError(403, 'The customer has no GIS right');
  const [rows, units] = await Promise.all([
    listGisFeatures(db, customerId),
    unitsOf(db, session, undefined, [customerId]),
  ]);
  const stored = rows.map(toGisFeature).filter((f): f is GisFeature => f !== undefined);
  const points: GisFeature[] = units
    .filter((u) => u.gps_lat !== null && u.gps_long !== null)
    .map((u) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [u.gps_long ?? 0, u.gps_lat ?? 0] },
      properties: {
        UnitID: u.id,
        UnitName: u.unit_name,
        UnitType: u.unit_type,
        UnitLocation: u.unit_location,
        CustomerID: u.organization_id,
        GISType: MEASURING_POINT.name,
      },
    }));
  return [...stored, ...points];
}

/** Stores features after checking each one's type and geometry (a clear error, never bad rows). */
export async function addGisFeatures(db: Queryable, organizationId: number, features: readonly NewGisFeature[]) {
  for (const [i, f] of features.entries()) {
    const type = gisTypeById(f.type);
    if (!type) throw new Error(`GIS feature ${i}: unknown type ${f.type}`);
    if (!Value.Check(GisGeometry, f.geometry)) throw new Error(`GIS feature ${i} (${f.name}): invalid geometry`);
    if (!gisGeometryAllowed(type, f.geometry.type)) {
      throw new Error(`GIS feature ${i} (${f.name}): a ${type.name} cannot be a ${f.geometry.type}`);
    }
  }
  await insertGisFeatures(db, organizationId, features);
}

// The stored rows other modules read and write, through this service only.
export type { NewGisFeature } from './gis.repository.ts';

export function countGisFeatures(db: Queryable, organizationId: number) {
  return gisRepository.countGisFeatures(db, organizationId);
}
