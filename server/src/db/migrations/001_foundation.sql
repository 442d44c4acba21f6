-- Organisations form a tree; a role on an organisation covers its descendants.
create table organizations (
  id serial primary key,
  name text not null,
  parent_organization_id integer references organizations(id) on delete restrict,
  avatar bytea,
  avatar_type text,
  billing_info jsonb not null default '{}'::jsonb,
  contact_info jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create index organizations_parent_idx on organizations (parent_organization_id);

-- Customer widget rights: TyrensGIS 1, AWG 2, Parking 3.
create table organization_rights (
  organization_id integer not null references organizations(id) on delete cascade,
  widget integer not null check (widget in (1, 2, 3)),
  primary key (organization_id, widget)
);

create table roles (
  id integer primary key,
  description text not null
);
insert into roles (id, description) values (0, 'SuperUser'), (1, 'User'), (2, 'Reader');

-- The stored profile columns of spec section 3.
create table users (
  id serial primary key,
  username text not null,
  password_hash text not null,
  email text not null default '',
  fullname text not null default '',
  title text not null default '',
  phone text not null default '',
  avatar bytea,
  avatar_type text,
  gps_lat double precision not null default 0,
  gps_long double precision not null default 0,
  timezone text not null default 'GMT +01:00 Stockholm',
  notification_email boolean not null default false,
  notification_desktop boolean not null default false,
  time_12h boolean not null default false,
  date_format text not null default 'DD MMM YYYY',
  language text not null default 'en',
  last_login timestamptz,
  created_at timestamptz not null default now()
);
create unique index users_username_idx on users (lower(username));

create table user_roles (
  user_id integer not null references users(id) on delete cascade,
  organization_id integer not null references organizations(id) on delete cascade,
  role_id integer not null references roles(id),
  primary key (user_id, organization_id)
);
create index user_roles_org_idx on user_roles (organization_id);

-- Only a hash of the session token is stored; the id is the public handle of a session.
create table sessions (
  id uuid primary key,
  token_hash text not null unique,
  user_id integer not null references users(id) on delete cascade,
  current_organization_id integer references organizations(id) on delete set null,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  user_agent text not null default '',
  address text not null default ''
);
create index sessions_user_idx on sessions (user_id);

-- Failed sign-ins per account and per address, for throttling.
create table login_throttle (
  key text primary key,
  failures integer not null,
  window_start timestamptz not null,
  last_failure timestamptz not null
);
