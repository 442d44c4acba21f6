-- Two-factor sign-in (modules/auth/README.md, docs/trust.md). One TOTP secret per user, encrypted
-- with TWO_FACTOR_KEY (AES-256-GCM; never stored plainly): enrolment writes it with enabled_at null,
-- confirming a code enables it. last_step is the newest 30-second step whose code was accepted, so a
-- code is never accepted twice (replay).
create table user_two_factor (
  user_id integer primary key references users(id) on delete cascade,
  secret text not null,
  enabled_at timestamptz,
  last_step bigint,
  created_at timestamptz not null default now()
);

-- Ten single-use recovery codes per enabled user, only their SHA-256 kept (they are random, 50 bits).
create table two_factor_recovery_codes (
  user_id integer not null references users(id) on delete cascade,
  code_hash text not null,
  used_at timestamptz,
  primary key (user_id, code_hash)
);

-- The pending second step of a sign-in whose password was right: only the challenge token's SHA-256,
-- five minutes and five wrong codes at most. No session exists until a code completes it.
create table two_factor_challenges (
  token_hash text primary key,
  user_id integer not null references users(id) on delete cascade,
  expires_at timestamptz not null,
  failures integer not null default 0,
  user_agent text not null default '',
  address text not null default ''
);
create index two_factor_challenges_user_idx on two_factor_challenges (user_id);

-- The organisation policy: everyone whose role is in this organisation or below it must use two-factor sign-in.
alter table organizations add column require_two_factor boolean not null default false;
