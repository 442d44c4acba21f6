-- The audit trail (docs/trust.md): one row per change made through the API, append-only, each
-- row's hash covering the previous row's hash of its chain (one chain per organization, 0 for
-- changes of no organization), so that a row removed or altered breaks the chain (npm run
-- audit:verify). Facts only: who, from where, which route and object, the request's fields and,
-- for unit settings and alarm limits, what those fields were before.
create table audit_log (
  id bigserial primary key,
  chain integer not null,
  at timestamptz not null,
  organization_id integer,
  user_id integer,
  username text,
  api_key text,
  address text not null,
  action text not null,
  object text,
  status integer not null,
  changes text not null,
  before text,
  prev_hash text not null,
  hash text not null
);
create index audit_log_chain_idx on audit_log (chain, id);
create index audit_log_org_idx on audit_log (organization_id, at);

-- Where each chain starts after retention removed its oldest rows: the hash of the last row removed.
create table audit_anchors (
  chain integer primary key,
  hash text not null
);

-- Days the organization's audit entries are kept (null: the default, 365).
alter table organizations add column audit_retention_days integer check (audit_retention_days between 30 and 3650);
