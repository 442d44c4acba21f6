-- Administration and profile (issue 8): organisation settings, account URL history, API keys,
-- password reset and invitation tokens.
alter table organizations add column account_url text;
alter table organizations add column theme text check (theme in ('Dark', 'Bright'));
alter table organizations add column brand_color text;
alter table organizations add column password_min_length integer not null default 6 check (password_min_length >= 6);
alter table organizations add column session_lifetime_hours integer not null default 672
  check (session_lifetime_hours between 1 and 672);
create unique index organizations_account_url_idx on organizations (account_url);

-- An account URL given up keeps redirecting to its organisation for 30 days.
create table account_url_redirects (
  account_url text primary key,
  organization_id integer not null references organizations(id) on delete cascade,
  until timestamptz not null
);

-- Personal API keys: only a hash is stored; the key is shown once.
create table api_keys (
  id uuid primary key,
  user_id integer not null references users(id) on delete cascade,
  name text not null,
  prefix text not null,
  key_hash text not null unique,
  scopes text[] not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);
create index api_keys_user_idx on api_keys (user_id);

-- Password reset and invitation links: random, single-use, stored hashed, short-lived.
create table password_tokens (
  token_hash text primary key,
  user_id integer not null references users(id) on delete cascade,
  purpose text not null check (purpose in ('reset', 'invitation')),
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index password_tokens_user_idx on password_tokens (user_id);

-- The profile shows the sign-in before the current one, so a user can spot one that was not theirs.
alter table users add column previous_login timestamptz;
