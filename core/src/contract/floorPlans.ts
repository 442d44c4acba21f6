import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from './common.ts';

/**
 * Floor plans (User, /api/v3/user/organization/{orgId}/floor-plan…): images of a
 * building's floors, stored per organization, with the organization's sensors placed on them. The
 * response fields are "not shown" in the spec; server/src/modules/floorPlans/README.md records this design.
 */

/** The image types a floor plan may have (sniffed from the bytes, never taken from the file name). */
export const FLOOR_PLAN_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml', 'image/webp'] as const;
export type FloorPlanType = (typeof FLOOR_PLAN_TYPES)[number];

/** The largest accepted image (413 above). */
export const FLOOR_PLAN_MAX_BYTES = 5 * 1024 * 1024;
/** Plans per organization (a building's floors, several buildings). */
export const FLOOR_PLAN_MAX_PER_ORG = 50;
/** Sensors placed on one plan. */
const FLOOR_PLAN_MAX_PLACEMENTS = 500;

export const OrgIdParam = Type.Object({ orgId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
export const FloorPlanParams = Type.Object({
  orgId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  planId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
});

/** The name and order of an upload; as multipart text fields ('name', 'order') or, for a raw body, as query. */
export const FloorPlanUploadQuery = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 120 })),
  order: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
});
export type FloorPlanUploadQuery = Static<typeof FloorPlanUploadQuery>;

export const FloorPlan = Type.Object({
  id: Type.Integer(),
  organizationId: Type.Integer(),
  name: Type.String({ description: 'the floor, e.g. "Ground floor"; defaults to the file name' }),
  order: Type.Integer({ description: 'position among the organisation’s plans (lowest first)' }),
  contentType: Type.Union(FLOOR_PLAN_TYPES.map((t) => Type.Literal(t))),
  size: Type.Integer({ description: 'bytes' }),
  width: Type.Integer({ description: 'intrinsic width in pixels (SVG: user units of the viewBox)' }),
  height: Type.Integer({ description: 'intrinsic height in pixels (SVG: user units of the viewBox)' }),
  url: Type.String({ description: 'GET: the image bytes; the query names the version, so it may be cached' }),
  uploadedAt: Type.String({ description: 'ISO time' }),
});
export type FloorPlan = Static<typeof FloorPlan>;

/** PATCH: rename or reorder a plan. */
export const FloorPlanUpdateBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 120, pattern: '\\S' })),
    order: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
  },
  { additionalProperties: false },
);
export type FloorPlanUpdateBody = Static<typeof FloorPlanUpdateBody>;

/** DELETE floor-plan: the plans to delete (their placements go with them). */
export const FloorPlanDeleteBody = Type.Object(
  { files: Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), { minItems: 1, maxItems: 100 }) },
  { additionalProperties: false },
);
export type FloorPlanDeleteBody = Static<typeof FloorPlanDeleteBody>;
export const FloorPlanDeleteResult = Type.Object({ success: Type.Boolean(), deleted: Type.Array(Type.Integer()) });

/** A position on a plan, relative to the image: 0,0 top left, 1,1 bottom right (independent of the drawn size). */
const Relative = Type.Number({ minimum: 0, maximum: 1 });

/** One sensor on a plan with its latest indoor values (null when it has not reported them). */
export const FloorPlanPlacement = Type.Object({
  planId: Type.Integer(),
  unitId: Type.Integer(),
  x: Relative,
  y: Relative,
  unitName: Type.String(),
  temperature: Nullable(Type.Number({ description: '°C, latest Temperature (or the display temperature)' })),
  humidity: Nullable(Type.Number({ description: '% relative humidity, latest' })),
  lastReport: Nullable(Type.String({ description: 'ISO time of the newest of those values' })),
});
export type FloorPlanPlacement = Static<typeof FloorPlanPlacement>;

export const FloorPlanDataQuery = Type.Object({
  planId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
});

export const FloorPlanData = Type.Object({
  organizationId: Type.Integer(),
  /** Whether the caller may change plans and placements (SuperUser or User of the organization). */
  editable: Type.Boolean(),
  placements: Type.Array(FloorPlanPlacement),
});
export type FloorPlanData = Static<typeof FloorPlanData>;

/** PUT floor-plan-data: the complete placements of one plan (a unit placed here leaves any other plan). */
export const FloorPlanDataBody = Type.Object(
  {
    planId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    placements: Type.Array(
      Type.Object(
        { unitId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), x: Relative, y: Relative },
        { additionalProperties: false },
      ),
      { maxItems: FLOOR_PLAN_MAX_PLACEMENTS },
    ),
  },
  { additionalProperties: false },
);
export type FloorPlanDataBody = Static<typeof FloorPlanDataBody>;
