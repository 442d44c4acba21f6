-- The newest sample of every unit and series, kept by the same statement that stores samples: the
-- fleet's latest values (maps, lists, KPIs) read one row per unit and series instead of searching
-- each unit's month of samples.
create table latest_samples (
  unit_id integer not null references units(id) on delete cascade,
  series smallint not null,
  ts timestamptz not null,
  value double precision not null,
  primary key (unit_id, series)
);
insert into latest_samples (unit_id, series, ts, value)
select distinct on (unit_id, series) unit_id, series, ts, value from samples
order by unit_id, series, ts desc;
