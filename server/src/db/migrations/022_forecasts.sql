-- Each unit's forecasts (docs/analytics.md): when a channel's insulation resistance (channel 1-4) or
-- the battery (channel 0) is expected to cross its next alarm level, kept while that is within the
-- forecast horizon; the forecaster replaces a unit's rows on every run. Facts only: the level and
-- the time, never a sentence.
create table unit_forecasts (
  unit_id integer not null references units(id) on delete cascade,
  channel integer not null check (channel between 0 and 4),
  limit_value double precision not null,
  expected_at timestamptz not null,
  warned boolean not null,
  primary key (unit_id, channel)
);

-- Days ahead within which a forecast crossing raises a warning event (null: the default, 7).
alter table organizations add column forecast_warning_days integer check (forecast_warning_days between 1 and 60);
