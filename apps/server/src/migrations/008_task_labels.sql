-- Job Managment shows a description and a run for every task (spec 03 §2.10, issue 14): set when the task is posted,
-- from its kwargs when given, else from its definition's description and the run its arguments touch.
alter table tasks add column description text;
alter table tasks add column run_id text;
