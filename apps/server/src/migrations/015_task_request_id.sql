-- The id of the HTTP request that posted a task (issue "Operations"): the request's log lines and the task's
-- carry the same reqId, so a lab IT person can follow one upload from the browser's call to its worker.
alter table tasks add column request_id text;
