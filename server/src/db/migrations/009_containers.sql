-- Containers, per organisation (issue 7). A device group is the container group: its
-- 10-character key is the container id. Locations hold units, each unit in at most one place;
-- groups hold units directly (device_group_members) and locations (group_locations).
alter table device_groups add column key text;
update device_groups set key = substr(md5(random()::text || id::text), 1, 10);
alter table device_groups alter column key set not null;
alter table device_groups alter column key set default substr(md5(random()::text), 1, 10);
create unique index device_groups_key_idx on device_groups (key);

create table locations (
  id text primary key check (id ~ '^[A-Za-z0-9]{10}$'),
  organization_id integer not null references organizations(id) on delete cascade,
  name text not null,
  created_at timestamptz not null default now()
);
create index locations_org_idx on locations (organization_id);

create table location_units (
  unit_id integer primary key references units(id) on delete cascade,
  location_id text not null references locations(id) on delete cascade
);
create index location_units_location_idx on location_units (location_id);

create table group_locations (
  group_id integer not null references device_groups(id) on delete cascade,
  location_id text not null references locations(id) on delete cascade,
  primary key (group_id, location_id)
);
create index group_locations_location_idx on group_locations (location_id);

-- The one rule of "the groups holding a unit": directly, or through one of its locations
-- (a pair may appear twice: readers take distinct rows).
create view group_units as
  select group_id, unit_id from device_group_members
  union all
  select gl.group_id, lu.unit_id from group_locations gl join location_units lu on lu.location_id = gl.location_id;

-- NFC tags of units (read by the tag host calls); -1 is "none" for template and restriction.
create table nfc_tags (
  tag_uuid uuid primary key,
  unit_id integer unique references units(id) on delete set null,
  template integer not null default -1,
  restriction integer not null default -1,
  created_at timestamptz not null default now()
);
