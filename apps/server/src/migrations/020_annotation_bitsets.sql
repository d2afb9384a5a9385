-- Annotations hold their tixels as a bitset (issue 33 item 1): bit i (byte i / 8, bit i % 8, least significant
-- first) set for tixel i, at most the run's tixel count / 8 bytes, where a jsonb list of a million indices took
-- 6.9 MB and was read by every list. `tixel_count` lets lists say how many tixels an annotation holds without
-- reading them. Rows written before keep their jsonb list (read as before) until their tixels are next changed.
alter table annotations add column tixel_bits bytea;
alter table annotations add column tixel_count integer;
update annotations set tixel_count = jsonb_array_length(tixels);
alter table annotations alter column tixel_count set not null;
alter table annotations alter column tixels drop not null;
alter table annotations add constraint annotations_one_tixel_form check ((tixels is null) <> (tixel_bits is null));
-- The per-account cap counts an account's annotations over every run.
create index annotations_created_by on annotations (created_by);
