-- E-mail digests of notifications (issue 6): a notification is claimed for a mail (a lease, so a
-- mailer that dies mid-send is retried after it runs out) and marked once the mail was accepted.
alter table notifications add column mail_claimed_at timestamptz;
alter table notifications add column emailed_at timestamptz;
create index notifications_unmailed_idx on notifications (user_id, created) where emailed_at is null;
