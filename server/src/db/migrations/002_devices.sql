-- Units and their editable fields (core's editableFields). The most queried editable fields are columns;
-- the rest of the 56 live in `info` (validated by core's editableFields on every write).
create table units (
  id serial primary key,
  organization_id integer not null references organizations(id) on delete restrict,
  serial text not null unique,
  secret_hash text not null,
  unit_name text not null,
  unit_type integer not null default 0,
  unit_location text not null default '',
  gps_lat double precision,
  gps_long double precision,
  info jsonb not null default '{}'::jsonb,
  alarm_settings jsonb not null default '{}'::jsonb,
  options jsonb not null default '{}'::jsonb,
  firmware text not null default '',
  relay_state text,
  next_seq integer not null default 1,
  last_report_at timestamptz,
  created_at timestamptz not null default now()
);
create index units_org_idx on units (organization_id);

-- Channels are 1-based here and on the wire (0-based only in the browser).
create table channels (
  unit_id integer not null references units(id) on delete cascade,
  channel integer not null check (channel between 1 and 4),
  columns jsonb not null default '{}'::jsonb,
  pulse_speed double precision not null default 0.6,
  default_radar jsonb,
  primary key (unit_id, channel)
);

-- Inputs by kind and index (analog, formula, pt, switch, intrusion, battery, …).
create table inputs (
  unit_id integer not null references units(id) on delete cascade,
  kind text not null,
  idx integer not null,
  data jsonb not null default '{}'::jsonb,
  primary key (unit_id, kind, idx)
);

-- Telemetry: one row per unit, series and time. The primary key makes ingest idempotent and
-- keeps "recent samples of a unit" an index range scan however long the history grows.
create table samples (
  unit_id integer not null references units(id) on delete cascade,
  series smallint not null,
  ts timestamptz not null,
  value double precision not null,
  primary key (unit_id, series, ts)
);
create index samples_ts_brin on samples using brin (ts);

create table radar_curves (
  unit_id integer not null references units(id) on delete cascade,
  channel integer not null check (channel between 1 and 4),
  ts timestamptz not null,
  pulse_speed double precision not null,
  points jsonb not null,
  primary key (unit_id, channel, ts)
);

create table markers (
  id serial primary key,
  unit_id integer not null references units(id) on delete cascade,
  channel integer not null check (channel between 1 and 4),
  data jsonb not null,
  created_at timestamptz not null default now()
);
create index markers_unit_idx on markers (unit_id, channel);

-- Alarms (AlarmID, AlarmType, AlarmEventText, UnitID, ChannelID, AlarmEventTime). An active
-- alarm has no cleared_at; at most one active alarm per unit, channel and type.
create table alarms (
  id serial primary key,
  unit_id integer not null references units(id) on delete cascade,
  channel integer not null default 0,
  alarm_type integer not null,
  event_text text not null,
  event_time timestamptz not null,
  cleared_at timestamptz
);
create unique index alarms_active_idx on alarms (unit_id, channel, alarm_type) where cleared_at is null;
create index alarms_time_idx on alarms (event_time desc);

create table alarm_actions (
  id integer primary key,
  name text not null,
  description text not null
);
insert into alarm_actions (id, name, description) values
  (1, 'notify', 'Notify the users who may see the unit'),
  (2, 'email', 'Send an e-mail to users with e-mail notifications on'),
  (3, 'task', 'Open or join an alarm task'),
  (4, 'sms', 'Send a text message to the unit''s alarm number');

-- Unit groups (legacy GroupId, Description) and device groups (v2) are one thing.
create table device_groups (
  id serial primary key,
  organization_id integer not null references organizations(id) on delete cascade,
  name text not null,
  description text not null default ''
);
create table device_group_members (
  group_id integer not null references device_groups(id) on delete cascade,
  unit_id integer not null references units(id) on delete cascade,
  primary key (group_id, unit_id)
);
create index device_group_members_unit_idx on device_group_members (unit_id);

-- Operations with a sequence number per unit: requested, then succeeded or failed.
create table operations (
  unit_id integer not null references units(id) on delete cascade,
  seq integer not null,
  operation text not null,
  state text not null default 'requested' check (state in ('requested', 'succeeded', 'failed')),
  payload jsonb,
  message text not null default '',
  requested_at timestamptz not null default now(),
  finished_at timestamptz,
  primary key (unit_id, seq)
);
create index operations_pending_idx on operations (requested_at) where state = 'requested';
