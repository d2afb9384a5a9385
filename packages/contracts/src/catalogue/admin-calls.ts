import { defineCall } from '../call.js';
import {
  ZFileTypes,
  ZLookupEdit,
  ZRunDetails,
  ZRunEdit,
  ZRunIdQuery,
  ZSaveFiles,
  ZSaveRunResult,
  ZSaveStudy,
  ZStudies,
} from './admin-schemas.js';
import { ZFieldOptions } from './schemas.js';

/**
 * The Admin Panel's run tools (spec 03 §2.10): Add A Run, Group Runs, Add Files and the lookup lists. The spec
 * names no paths for this area; they follow DESIGN §3 (`/api/v1/run_db/<snake_name>`). Admins only: every change
 * is recorded in the audit log with its before and after (target `run:{run_id}`, `study:{name}`, `lookup:{list}`).
 */

export const getRunDetails = defineCall({
  method: 'GET',
  path: '/api/v1/run_db/get_run_details',
  access: 'admin',
  summary: "A run's editor metadata, publication, downloadable files and studies (404 without a catalogue entry).",
  query: ZRunIdQuery,
  response: ZRunDetails,
});

export const saveRun = defineCall({
  method: 'POST',
  path: '/api/v1/run_db/save_run',
  access: 'admin',
  summary: "Creates or updates a run's catalogue entry and metadata (Add A Run), with its publication and authors.",
  body: ZRunEdit,
  response: ZSaveRunResult,
});

export const getFileTypes = defineCall({
  method: 'GET',
  path: '/api/v1/run_db/get_file_types',
  access: 'admin',
  summary: 'The file types a downloadable file may have.',
  response: ZFileTypes,
});

export const saveRunFiles = defineCall({
  method: 'POST',
  path: '/api/v1/run_db/save_run_files',
  access: 'admin',
  summary: "Adds, removes and changes a run's downloadable files (Add Files); answers the run's files.",
  body: ZSaveFiles,
  response: ZRunDetails.shape.files,
});

export const getStudies = defineCall({
  method: 'GET',
  path: '/api/v1/run_db/get_studies',
  access: 'admin',
  summary: 'Every study with its runs, and the study types.',
  response: ZStudies,
});

export const saveStudy = defineCall({
  method: 'POST',
  path: '/api/v1/run_db/save_study',
  access: 'admin',
  summary: 'Creates a study or changes one: description, type, runs to add and runs to remove (Group Runs).',
  body: ZSaveStudy,
  response: ZStudies,
});

export const addFieldOption = defineCall({
  method: 'POST',
  path: '/api/v1/run_db/add_field_option',
  access: 'admin',
  summary: 'Adds a value to a lookup list (spec 02 §7.3); answers the lists.',
  body: ZLookupEdit,
  response: ZFieldOptions,
});

export const removeFieldOption = defineCall({
  method: 'POST',
  path: '/api/v1/run_db/remove_field_option',
  access: 'admin',
  summary: 'Removes a value no run uses from a lookup list; answers the lists.',
  body: ZLookupEdit,
  response: ZFieldOptions,
});
