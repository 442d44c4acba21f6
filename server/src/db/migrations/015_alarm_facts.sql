-- Alarms keep what was measured and the limit it crossed, so that every reader gets the alarm's
-- sentence in their own language; event_text holds only a text that came with the alarm as it came.
alter table alarms add column value double precision;
alter table alarms add column limit_value double precision;

-- Alarms stored before kept an English sentence: recover its value and limit, per alarm kind.
with parsed as (
  select id, regexp_match(event_text, case
      when alarm_type between 0 and 3 then 'resistance (\S+) MΩ below level \d+ \((\S+) MΩ\)'
      when alarm_type = 4 then 'Loop resistance (\S+) Ω above (\S+) Ω'
      when alarm_type between 6 and 7 then 'Galvanic voltage (\S+) mV above level \d+ \((\S+) mV\)'
      when alarm_type between 8 and 9 then 'deviates (\S+)% from the reference \(level \d+, (\S+)%\)'
      when alarm_type between 10 and 17 or alarm_type between 20 and 27 then ' (\S+) (?:below|above) (\S+)$'
      when alarm_type = 28 then 'Battery (\S+) V below (\S+) V'
      when alarm_type between 39 and 42 then 'Formula value (\S+) above level \d+ \((\S+)\)'
      when alarm_type = 52 then 'Ground resistance (\S+) Ω below (\S+) Ω'
    end) as m
  from alarms
)
update alarms a set value = p.m[1]::double precision, limit_value = p.m[2]::double precision
from parsed p
where a.id = p.id and p.m is not null
  and p.m[1] ~ '^-?[0-9]+(\.[0-9]+)?$' and p.m[2] ~ '^-?[0-9]+(\.[0-9]+)?$';

-- Their events carry the same facts, so their texts follow the reader's language too.
update events e set data = jsonb_set(jsonb_set(e.data, '{alarm,Value}', to_jsonb(a.value)), '{alarm,Limit}', to_jsonb(a.limit_value))
from alarms a
where e.alarm_id = a.id and a.value is not null and e.data ? 'alarm';
