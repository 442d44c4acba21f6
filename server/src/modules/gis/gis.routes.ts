import { GisFeature, GisQuery } from '@fieldwatch/core';
import { Type } from '@sinclair/typebox';
import { security } from '../../families/family.ts';
import { legacyErrors } from '../../families/legacy.ts';
import type { App } from '../../http.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { signedIn } from '../../plugins/policy.ts';
import { gisFeatures } from './gis.service.ts';

/** Legacy v1 GetGISData {CustomerID}: GIS features for customers with the TyrensGIS right. */
export function gisLegacyRoutes(app: App) {
  const { db } = app;

  app.get(
    '/GetGISData',
    {
      config: signedIn({ writes: false }),
      schema: {
        tags: ['legacy v1'],
        security,
        summary:
          "A customer's GIS features (GeoJSON) and its units as measuring points (customers with the GIS right only)",
        querystring: GisQuery,
        response: { 200: Type.Array(GisFeature), ...legacyErrors },
      },
    },
    async (request) => gisFeatures(db, sessionOf(request), request.query.CustomerID),
  );
}
