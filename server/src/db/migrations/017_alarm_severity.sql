-- The severity an organisation gives an alarm type (core/src/events/severity.ts): it applies to the
-- organisation and every one below it, the nearest ancestor's setting winning, and only to events
-- raised after it is set. A type without a setting anywhere above has core's default severity for it.
create table alarm_severities (
  organization_id integer not null references organizations(id) on delete cascade,
  alarm_type integer not null,
  severity text not null check (severity in ('notice', 'warning', 'pre-alert', 'alert', 'critical')),
  updated_at timestamptz not null default now(),
  primary key (organization_id, alarm_type)
);
