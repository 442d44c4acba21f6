-- One fault, one event: an alarm raised again on the same unit, channel and type within the
-- organisation's window joins the event it raised before as a new occurrence, instead of making
-- a new event and new notifications.
alter table events add column channel integer;
alter table events add column alarm_type integer;
-- When the event's alarm last occurred: the window is counted from here.
alter table events add column last_at timestamptz;
update events e set channel = a.channel, alarm_type = a.alarm_type from alarms a where a.id = e.alarm_id;
update events set last_at = created;
alter table events alter column last_at set not null;
create index events_repeat_idx on events (unit_id, alarm_type, channel, last_at desc) where alarm_type is not null;
-- Event lists show the latest raise first: a fault raised again comes back to the top.
drop index events_org_created_idx;
create index events_org_last_idx on events (organization_id, last_at desc);

-- Each alarm that joined an event; its unique alarm id makes joining idempotent like events.
create table event_occurrences (
  alarm_id integer primary key references alarms(id) on delete cascade,
  event_id text not null references events(id) on delete cascade,
  at timestamptz not null
);
create index event_occurrences_event_idx on event_occurrences (event_id);

-- Hours within which a re-raise joins the earlier event; null is the default (24).
alter table organizations add column alarm_join_hours integer;
