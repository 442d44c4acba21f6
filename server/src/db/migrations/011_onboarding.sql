-- NFC onboarding (issue 9): trial organisations, the stock of unclaimed units, terms acceptance,
-- tag activations, one-time activation codes and the registration rate limit.
alter table organizations add column trial_ends_at timestamptz;
-- Units waiting for a customer live in a stock organisation; only those can be claimed through a tag.
alter table organizations add column stock boolean not null default false;
alter table users add column terms_version text;
alter table users add column terms_accepted_at timestamptz;
alter table nfc_tags add column activated_at timestamptz;
alter table nfc_tags add column activated_by integer references users(id) on delete set null;
alter table nfc_tags add column config jsonb;

create table activation_codes (
  code_hash text primary key,
  tag_uuid uuid not null references nfc_tags(tag_uuid) on delete cascade,
  user_id integer not null references users(id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index activation_codes_user_idx on activation_codes (user_id);

create table onboarding_attempts (
  address text not null,
  kind text not null,
  at timestamptz not null default now()
);
create index onboarding_attempts_idx on onboarding_attempts (address, kind, at);
