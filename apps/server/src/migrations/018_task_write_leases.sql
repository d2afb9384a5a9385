-- A stored object is written by one task at a time (issue 'Getting data in': two runs of one transfer wrote the
-- same staged upload). A task that writes objects holds a lease on each key (a file, or a folder and all under it)
-- while it runs; a task that would write an overlapping key waits until the holder ends (tasks/write-leases.ts).
create table task_write_leases (
  task_id uuid not null,
  bucket text not null,
  key text not null,
  taken_at timestamptz not null default now(),
  primary key (task_id, bucket, key)
);
create index task_write_leases_bucket_key on task_write_leases (bucket, key);
