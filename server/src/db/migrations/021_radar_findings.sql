-- What the radar analysis found on a channel's curves (docs/analytics.md): a suggested fault until a
-- user accepts it (it becomes an ordinary marker, kept in marker_id) or dismisses it. A later curve
-- showing the same fault moves the open suggestion; a decided one is never suggested again. Facts
-- only: kind, distance, uncertainty, size and confidence, never a sentence.
create table radar_findings (
  id serial primary key,
  unit_id integer not null references units(id) on delete cascade,
  channel integer not null check (channel between 1 and 4),
  kind text not null check (kind in ('wet', 'break')),
  position_m double precision not null,
  uncertainty_m double precision not null,
  size double precision not null,
  confidence double precision not null,
  pulse_speed double precision not null,
  first_seen timestamptz not null,
  curve_ts timestamptz not null,
  state text not null default 'suggested' check (state in ('suggested', 'accepted', 'dismissed')),
  decided_by integer references users(id) on delete set null,
  decided_at timestamptz,
  marker_id integer references markers(id) on delete set null
);
create index radar_findings_channel_idx on radar_findings (unit_id, channel);

-- The newest curve of each channel the analysis has read: a channel whose newest curve is newer waits.
create table radar_analysed (
  unit_id integer not null references units(id) on delete cascade,
  channel integer not null,
  curve_ts timestamptz not null,
  primary key (unit_id, channel)
);
