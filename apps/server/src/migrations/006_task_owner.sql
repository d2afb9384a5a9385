-- Who may read a task (issue "One owner for runs"): its requester (requested_by), admins, or — for a task posted
-- through a public run link — the holder of that same link, recognised by the link's SHA-256.
alter table tasks add column public_run text;
alter table tasks add column public_link_sha256 text;
