-- Alarms become events, notifications and tasks (issue 6). Each record keeps the spec's JSON shape
-- in `data`; the columns beside it are what queries filter, order and lock on.

-- One event per alarm: the unique alarm_id makes processing idempotent across restarts,
-- redeliveries and several engines.
create table events (
  id text primary key,
  organization_id integer not null references organizations(id) on delete cascade,
  unit_id integer references units(id) on delete set null,
  alarm_id integer unique references alarms(id) on delete set null,
  created timestamptz not null,
  data jsonb not null
);
create index events_org_created_idx on events (organization_id, created desc);

-- One notification per user who may see the event's unit.
create table notifications (
  id text primary key,
  user_id integer not null references users(id) on delete cascade,
  event_id text not null references events(id) on delete cascade,
  created timestamptz not null,
  seen timestamptz,
  data jsonb not null,
  unique (user_id, event_id)
);
create index notifications_user_created_idx on notifications (user_id, created desc);

create table tasks (
  id text primary key,
  organization_id integer not null references organizations(id) on delete cascade,
  signature text not null,
  status text not null,
  created timestamptz not null,
  data jsonb not null
);
create index tasks_org_created_idx on tasks (organization_id, created desc);
create index tasks_open_signature_idx on tasks (organization_id, signature) where status not in ('done', 'archived');

-- The key-value store (GetUserData / SetUserData / DeleteUserData and the v1 variant).
create table user_values (
  user_id integer not null references users(id) on delete cascade,
  value_type text not null,
  value_id text not null,
  is_default boolean not null default false,
  data text not null,
  primary key (user_id, value_type, value_id)
);
