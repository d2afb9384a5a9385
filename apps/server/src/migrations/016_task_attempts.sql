-- How many times a task was started again after its worker was lost (issue "Hardening"): a task whose handler is
-- idempotent is put back in its queue once; a second loss, or any other task, ends in FAILURE.
alter table tasks add column attempts integer not null default 0;
