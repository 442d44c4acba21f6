-- Signed webhooks (issue 24, server/src/modules/webhooks/README.md): an organization's endpoints, the
-- outbox of deliveries written in the transaction of the fact they carry, and every attempt.

-- The secret signs each delivery (HMAC-SHA256), so the server must be able to read it: it is kept
-- as generated, not hashed, and shown to a person only when it is made or rotated.
create table webhook_endpoints (
  id serial primary key,
  organization_id integer not null references organizations(id) on delete cascade,
  url text not null,
  description text not null default '',
  kinds text[] not null,
  enabled boolean not null default true,
  secret text not null,
  created_at timestamptz not null default now(),
  created_by integer references users(id) on delete set null
);
create index webhook_endpoints_organization_idx on webhook_endpoints (organization_id);

-- One fact to one endpoint. `body` is the JSON exactly as sent (and signed); it never changes, so
-- every retry sends the same bytes under a new timestamp. A sender claims a row (claimed_until)
-- with `for update skip locked`, so two instances never send it at once.
create table webhook_deliveries (
  id uuid primary key,
  endpoint_id integer not null references webhook_endpoints(id) on delete cascade,
  event_id uuid not null,
  kind text not null,
  body text not null,
  created_at timestamptz not null,
  state text not null default 'pending' check (state in ('pending', 'succeeded', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz,
  claimed_until timestamptz,
  last_status_code integer,
  last_duration_ms integer,
  last_error text,
  finished_at timestamptz
);
create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where state = 'pending';
create index webhook_deliveries_endpoint_idx on webhook_deliveries (endpoint_id, created_at desc);

-- What each attempt got: the answer's status and the start of its body, how long it took, or why
-- there was no answer.
create table webhook_attempts (
  id bigserial primary key,
  delivery_id uuid not null references webhook_deliveries(id) on delete cascade,
  at timestamptz not null,
  status_code integer,
  duration_ms integer not null,
  error text,
  excerpt text not null default ''
);
create index webhook_attempts_delivery_idx on webhook_attempts (delivery_id, at);
