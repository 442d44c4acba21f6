import { type Static, Type } from '@sinclair/typebox';
import { BUILTIN_KEYS } from '../dashboards/builtins.ts';
import { DASHBOARD_VERSION } from '../dashboards/model.ts';
import { WIDGET_TYPES } from '../dashboards/widgets.ts';
import { NonBlank, Nullable } from './common.ts';

/** The dashboard calls (/api/v3/user/dashboard…); ids travel encoded. */

const Text = (maxLength = 200) => Type.String({ maxLength });
const Key = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
const Bag = Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), { maxProperties: 50 });

export const EncodedIdParam = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 16, description: 'encoded id' }),
});

export const FilterSettingsSchema = Type.Object(
  {
    unitStatus: Type.Object(
      { alarm: Type.Boolean(), inactive: Type.Boolean(), ok: Type.Boolean(), problem: Type.Boolean() },
      { additionalProperties: false },
    ),
    unitTypes: Type.Array(Type.Object({ UnitTypes: Type.String({ maxLength: 2000, pattern: '^[0-9,\\s]*$' }) }), {
      maxItems: 100,
    }),
    alarmTypes: Type.Array(
      Type.Union([Type.Integer({ minimum: 0, maximum: 999 }), Type.String({ pattern: '^\\d{1,3}$' })]),
      {
        maxItems: 100,
      },
    ),
    textSearch: Text(200),
  },
  { additionalProperties: false },
);

const LayoutItemSchema = Type.Object({
  x: Type.Integer({ minimum: 0, maximum: 100 }),
  y: Type.Integer({ minimum: 0, maximum: 10_000 }),
  w: Type.Integer({ minimum: 1, maximum: 12 }),
  h: Type.Integer({ minimum: 1, maximum: 200 }),
  mW: Type.Integer({ minimum: 1, maximum: 12 }),
  mH: Type.Integer({ minimum: 1, maximum: 200 }),
  i: Key,
});
const Layout = Type.Array(LayoutItemSchema, { maxItems: 100 });

export const DashboardModelSchema = Type.Object(
  {
    name: Text(),
    version: Type.Literal(DASHBOARD_VERSION),
    unitGroups: Type.Array(Text(), { maxItems: 100 }),
    linkGroups: Type.Record(
      Key,
      Type.Object({ id: Key, name: Text(100), color: Type.String({ maxLength: 32, pattern: '^[a-z-]+$' }) }),
      { maxProperties: 20 },
    ),
    bindings: Type.Record(
      Key,
      Type.Record(
        Type.String({ maxLength: 32 }),
        Type.Object({ kind: Type.String({ maxLength: 32 }), updatedBy: Key, value: Type.Unknown() }),
        { maxProperties: 10 },
      ),
      { maxProperties: 200 },
    ),
    layouts: Type.Object({ md: Layout, sm: Layout, xs: Layout }, { additionalProperties: false }),
    widgets: Type.Record(
      Key,
      Type.Object({
        component: Type.Union(WIDGET_TYPES.map((t) => Type.Literal(t))),
        name: Text(),
        group: Nullable(Key),
        props: Bag,
        settings: Bag,
      }),
      { maxProperties: 100 },
    ),
    static: Type.Optional(Type.Union(BUILTIN_KEYS.map((k) => Type.Literal(k)))),
  },
  {
    additionalProperties: false,
    description:
      "The dashboard (client model, version '1'): a stored dashboard's content, and the whole body of PUT dashboard/{id}",
  },
);

export const DashboardSchema = Type.Object({
  id: Type.String({ description: 'encoded id' }),
  name: Type.String(),
  filter: Nullable(FilterSettingsSchema),
  content: Nullable(DashboardModelSchema),
  templateId: Nullable(Type.String()),
  useContext: Type.Boolean(),
});

export const DashboardListQuery = Type.Object({
  excludeContent: Type.Optional(Type.Boolean({ description: 'leave content out of each dashboard' })),
  useContext: Type.Optional(Type.Boolean({ description: "the current organisation's dashboards of the user" })),
});
export type DashboardListQuery = Static<typeof DashboardListQuery>;

export const NewDashboardBody = Type.Object(
  {
    name: NonBlank(),
    templateId: Type.Optional(Nullable(Type.Union(BUILTIN_KEYS.map((k) => Type.Literal(k))))),
    useContext: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type NewDashboardBody = Static<typeof NewDashboardBody>;

export const RenameDashboardBody = Type.Object(
  { name: NonBlank(), id: Type.Optional(Type.String({ maxLength: 16 })) },
  { additionalProperties: false },
);

export const DashboardTemplate = Type.Object({ id: Type.String(), name: Type.String(), content: DashboardModelSchema });
export const WidgetTypeSchema = Type.Object({
  type: Type.String(),
  map: Type.Boolean(),
  right: Type.Optional(Type.String()),
  w: Type.Integer(),
  h: Type.Integer(),
});
