-- A person whose company is already on the product asks to join it from the NFC onboarding, by the
-- organisation's account URL. No account is made: the organisation's SuperUsers accept (which adds
-- the person with a role and sends the usual invitation) or decline. The facts are kept, never a
-- sentence; one request per address and organisation waits at a time.
create table join_requests (
  id serial primary key,
  organization_id integer not null references organizations(id) on delete cascade,
  name text not null,
  email text not null,
  phone text,
  message text,
  address text not null,
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  decided_by integer references users(id) on delete set null,
  decision text check (decision in ('accepted', 'declined'))
);
create unique index join_requests_waiting_idx on join_requests (organization_id, lower(email)) where decided_at is null;
