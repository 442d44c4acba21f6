-- Files attached to tasks (issue 6: the task view's files).
create table task_files (
  id text primary key,
  task_id text not null references tasks(id) on delete cascade,
  name text not null,
  content_type text not null,
  size integer not null,
  data bytea not null,
  uploaded_by text not null,
  uploaded_at timestamptz not null default now()
);
create index task_files_task_idx on task_files (task_id, uploaded_at);
