-- Alarm hysteresis: an active alarm whose kind has a hold time clears only once its value has been
-- back beyond the clearing margin for that long. normal_since is when it last got there (null while
-- breached or within the margin); a breach resets it.
alter table alarms add column normal_since timestamptz;
