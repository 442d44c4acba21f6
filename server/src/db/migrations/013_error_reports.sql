-- Error reporting (issue 10): browser errors and unhandled server errors, one row per fingerprint
-- (hash of source, message and first stack frame) with a count, so repeats do not grow the table.
-- Bounded: groups not seen for 30 days are dropped, and at most the 5,000 most recently seen are kept.
create table error_reports (
  id serial primary key,
  fingerprint text not null unique,
  source text not null check (source in ('browser', 'server')),
  message text not null,
  stack text not null default '',
  context jsonb not null default '{}',
  user_id integer references users(id) on delete set null,
  organization_id integer references organizations(id) on delete set null,
  count integer not null default 1,
  first_seen timestamptz not null default now(),
  last_seen timestamptz not null default now()
);
create index error_reports_last_seen_idx on error_reports (last_seen desc);

-- Browser reports per address in a fixed window (the sign-in throttle's scheme), seen by every instance.
create table error_report_throttle (
  address text primary key,
  window_start timestamptz not null,
  reports integer not null
);
