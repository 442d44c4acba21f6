-- Fleet scale (issue 10): samples partitioned by month of their time, so that old months drop
-- whole (retention) and a query for a time range reads only its months; TimescaleDB and Citus take
-- the same layout (docs/scaling.md). Monthly partitions are created by the server
-- (db/partitions.ts); the default partition catches a time no month exists for yet.
alter table samples rename to samples_unpartitioned;
alter index samples_pkey rename to samples_unpartitioned_pkey;
alter index samples_ts_brin rename to samples_unpartitioned_ts_brin;
create table samples (
  unit_id integer not null references units(id) on delete cascade,
  series smallint not null,
  ts timestamptz not null,
  value double precision not null,
  primary key (unit_id, series, ts)
) partition by range (ts);
create index samples_ts_brin on samples using brin (ts);
create table samples_default partition of samples default;
insert into samples select * from samples_unpartitioned;
drop table samples_unpartitioned;

-- Hourly roll-ups (minimum, maximum, sum and count per unit, series and hour): a chart of months
-- or a year reads these instead of every sample. Kept beyond the samples' retention. Hours are
-- binned from the epoch (date_bin), not truncated in the session's time zone.
create table samples_hourly (
  unit_id integer not null references units(id) on delete cascade,
  series smallint not null,
  hour timestamptz not null,
  lo double precision not null,
  hi double precision not null,
  total double precision not null,
  n integer not null,
  primary key (unit_id, series, hour)
);
insert into samples_hourly (unit_id, series, hour, lo, hi, total, n)
select unit_id, series, date_bin('1 hour', ts, timestamptz '2000-01-01 00:00:00+00'), min(value), max(value), sum(value), count(*)
from samples group by 1, 2, 3;
