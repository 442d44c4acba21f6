-- One fault, one event: an alarm raised again on the same unit, channel and type within the
-- organisation's window joins the event it raised before as a new occurrence, instead of making
-- a new event and new notifications.
alter table events add column channel integer;
alter table events add column alarm_type integer;
-- When the event's alarm last occurred: the window is counted from here.
alter table events add column last_at timestamptz;
update events e set channel = a.channel, alarm_type = a.alarm_type, last_at = e.created
from alarms a where a.id = e.alarm_id;
create index events_repeat_idx on events (unit_id, alarm_type, channel, last_at desc) where alarm_type is not null;

-- Each alarm that joined an event; its unique alarm id makes joining idempotent like events.
create table event_occurrences (
  alarm_id integer primary key references alarms(id) on delete cascade,
  event_id text not null references events(id) on delete cascade,
  at timestamptz not null
);
create index event_occurrences_event_idx on event_occurrences (event_id);

-- Hours within which a re-raise joins the earlier event; null is the default (24).
alter table organizations add column alarm_join_hours integer;
