import type { GisGeometry } from '@fieldwatch/core';
import type { Queryable } from '../../db/db.ts';

export type GisFeatureRow = {
  id: number;
  organization_id: number;
  gis_type: number;
  name: string;
  geometry: GisGeometry;
};

/** The GIS features of an organization, by type and then in insertion order. */
export async function listGisFeatures(db: Queryable, organizationId: number): Promise<GisFeatureRow[]> {
  return db.query<GisFeatureRow>(
    `select id, organization_id, gis_type, name, geometry from gis_features
     where organization_id = $1 order by gis_type, id`,
    [organizationId],
  );
}

export async function countGisFeatures(db: Queryable, organizationId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'select count(*)::int as n from gis_features where organization_id = $1',
    [organizationId],
  );
  return row?.n ?? 0;
}

export type NewGisFeature = { type: number; name: string; geometry: GisGeometry };

/** Inserts features in batches of one statement each (geometry as JSON text, cast to jsonb). */
export async function insertGisFeatures(db: Queryable, organizationId: number, features: readonly NewGisFeature[]) {
  const BATCH = 200;
  for (let i = 0; i < features.length; i += BATCH) {
    const batch = features.slice(i, i + BATCH);
    const params: unknown[] = [organizationId];
    const values = batch.map((f) => {
      params.push(f.type, f.name, JSON.stringify(f.geometry));
      const n = params.length;
      return `($1, $${n - 2}, $${n - 1}, $${n}::jsonb)`;
    });
    await db.query(
      `insert into gis_features (organization_id, gis_type, name, geometry) values ${values.join(', ')}`,
      params,
    );
  }
}
