-- Daily roll-ups beside the hourly ones (012): the minimum and maximum per unit, series and UTC
-- day, kept by the same statement that stores samples, so a chart of a year reads 365 rows a series
-- instead of 8,760. Charts read only the envelope; sums and counts stay hourly, which lets ingest
-- skip the many samples that move neither extreme of their day without writing. Days are binned
-- from the epoch (date_bin), never in the session's time zone; kept beyond the samples' retention,
-- like the hourly ones.
create table samples_daily (
  unit_id integer not null references units(id) on delete cascade,
  series smallint not null,
  day timestamptz not null,
  lo double precision not null,
  hi double precision not null,
  primary key (unit_id, series, day)
);
-- Built from the hourly roll-ups: they cover the samples retention may already have dropped.
insert into samples_daily (unit_id, series, day, lo, hi)
select unit_id, series, date_bin('1 day', hour, timestamptz '2000-01-01 00:00:00+00'), min(lo), max(hi)
from samples_hourly group by 1, 2, 3;
