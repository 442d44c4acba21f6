-- Dashboards belong to a user; with use_context also to the organisation that was current when
-- it was made. content is the client model, version '1'.
create table dashboards (
  id serial primary key,
  user_id integer not null references users(id) on delete cascade,
  organization_id integer references organizations(id) on delete cascade,
  name text not null,
  filter jsonb,
  content jsonb,
  template_id text,
  use_context boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index dashboards_owner_idx on dashboards (user_id, organization_id);
