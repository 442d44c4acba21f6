-- Floor plans (/organization/{orgId}/floor-plan): images of an organisation's
-- floors, kept in the database so every API instance serves them. The bytes are immutable: a new
-- image is a new plan, so `sha256` names a version the browser may cache for good.
create table floor_plans (
  id serial primary key,
  organization_id integer not null references organizations(id) on delete cascade,
  name text not null,
  sort_order integer not null default 0,
  content_type text not null check (content_type in ('image/png', 'image/jpeg', 'image/svg+xml', 'image/webp')),
  width integer not null,
  height integer not null,
  size integer not null,
  sha256 text not null,
  data bytea not null,
  uploaded_by integer references users(id) on delete set null,
  uploaded_at timestamptz not null default now()
);
create index floor_plans_org_idx on floor_plans (organization_id, sort_order, id);

-- Where a sensor hangs: one place per unit (a unit moved to another plan leaves the first);
-- x and y relative to the image (0..1), so the drawn size does not matter.
create table floor_plan_placements (
  unit_id integer primary key references units(id) on delete cascade,
  plan_id integer not null references floor_plans(id) on delete cascade,
  x double precision not null check (x >= 0 and x <= 1),
  y double precision not null check (y >= 0 and y <= 1)
);
create index floor_plan_placements_plan_idx on floor_plan_placements (plan_id);
