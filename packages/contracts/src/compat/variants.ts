import { z } from 'zod';
import type { HttpMethod } from '../call.js';

/**
 * Original calls on a native method and path whose payload or answer differs (issue 20). The native route keeps
 * the path; the compatibility layer adapts the request before the native handler parses it and, where the
 * original client reads another shape, the answer after it. An answer changes shape only for the original client:
 * `Accept` listing `text/plain` (the original's axios default; our client asks for `application/json` only) or a
 * request in the original's own shape (e.g. `path` instead of `key`).
 */
export interface OriginalVariant {
  method: HttpMethod;
  path: string;
  summary: string;
  /** The original's payload (body or query), as the OpenAPI `x-original` of the native operation. */
  input?: z.ZodType;
  /** The original's answer where it differs. */
  response?: z.ZodType;
}

const wrapped = <T extends z.ZodRawShape>(shape: T) => z.union([z.object(shape), z.object({ data: z.object(shape) })]);
const ZFilter = z.object({ filter: z.string().optional(), options: z.string().optional() });

export const ORIGINAL_VARIANTS: OriginalVariant[] = [
  {
    method: 'GET',
    path: '/api/v1/auth/whoami',
    summary: 'For the original client, also answers `Username` (its spelling).',
    response: z.looseObject({ Username: z.string().nullable() }),
  },
  {
    method: 'GET',
    path: '/api/v1/auth/log_into_public',
    summary: 'For the original client, also answers `token` (its name of the access token).',
    response: z.looseObject({ token: z.string() }),
  },
  {
    method: 'POST',
    path: '/api/v1/auth/user_account_request',
    summary: "The original client reads the string 'exists' (username taken) or 'Success'.",
    response: z.enum(['exists', 'Success']),
  },
  {
    method: 'GET',
    path: '/api/v1/auth/confirm_user_via_email',
    summary: "The original client reads the string 'Success'.",
    response: z.literal('Success'),
  },
  {
    method: 'POST',
    path: '/api/v1/auth/forgot_password_confirmation',
    summary: "The original client reads the state string: 'Success', 'wrong_code' or 'Failure'.",
    response: z.enum(['Success', 'wrong_code', 'Failure']),
  },
  {
    method: 'PUT',
    path: '/api/v1/auth/confirm',
    summary: 'Body `{data: {user}}` as the original client sends it.',
    input: wrapped({ user: z.string() }),
  },
  {
    method: 'POST',
    path: '/api/v1/auth/group',
    summary: 'Body wrapped as `{data: {group_name, description}}`.',
    input: wrapped({ group_name: z.string(), description: z.string() }),
  },
  {
    method: 'DELETE',
    path: '/api/v1/auth/group',
    summary: 'Body wrapped as `{data: {group_name}}`.',
    input: wrapped({ group_name: z.string() }),
  },
  {
    method: 'PUT',
    path: '/api/v1/auth/disable_user',
    summary: 'Body wrapped as `{data: {username}}`.',
    input: wrapped({ username: z.string() }),
  },
  {
    method: 'GET',
    path: '/api/v1/auth/group',
    summary: 'The original client reads group names.',
    response: z.array(z.string()),
  },
  ...(['/api/v1/storage', '/api/v1/storage/json', '/api/v1/storage/csv', '/api/v1/storage/png'] as const).map(
    (path): OriginalVariant => ({
      method: 'GET',
      path,
      summary: '`bucket_name` defaults to the data bucket, as in the original.',
      input: z.object({ filename: z.string(), bucket_name: z.string().optional() }),
    }),
  ),
  {
    method: 'POST',
    path: '/api/v1/storage/list',
    summary:
      'No bucket or an empty one means the data bucket; `filter` may be one string; a filter with a `/` (e.g. `{run}/tracks`) matches anywhere in the key, as in the original.',
    input: z.object({
      path: z.string().optional(),
      bucket: z.string().optional(),
      filter: z.union([z.string(), z.array(z.string())]).optional(),
    }),
  },
  {
    method: 'POST',
    path: '/api/v1/storage/sub_folders',
    summary:
      'No bucket means the data bucket; the original client gets bare folder names (`D90001`, its run ids) instead of `data/D90001/`.',
    input: z.object({ bucket_name: z.string().optional(), prefix: z.string().optional() }),
    response: z.array(z.string()),
  },
  {
    method: 'GET',
    path: '/api/v1/dataset/slimstest_runid',
    summary:
      "Without SLIMS the original client gets 200 `{slims: 'not configured', msg}` (no slide fields) instead of the 404, so its AtlasXbrowser opens an empty metadata form.",
    response: z.object({ slims: z.literal('not configured'), msg: z.string() }),
  },
  {
    method: 'POST',
    path: '/api/v1/genes/get_summation',
    summary: 'Without run_id, the run is read from the `data/{run}/…` filename.',
    input: z.object({ filename: z.string(), rows: z.array(z.number()) }),
  },
  ...(['wafers', 'chips', 'dbits', 'qc'] as const).flatMap((kind): OriginalVariant[] => [
    {
      method: 'GET',
      path: `/api/v1/dataset/${kind}`,
      summary: 'A filter on `_id` names the record key; options `{_id: 1}` (the existence check) is accepted.',
      input: ZFilter,
    },
    ...(kind === 'qc'
      ? []
      : [
          {
            method: 'DELETE' as const,
            path: `/api/v1/dataset/${kind}`,
            summary: 'A filter on `_id` names the record key (the original’s `_id` is the key).',
            input: ZFilter,
          },
        ]),
  ]),
  {
    method: 'GET',
    path: '/api/v1/run_db/get_studies',
    summary: 'The original client reads a list of studies with study_type_id.',
    response: z.array(z.looseObject({ study_id: z.number(), study_name: z.string() })),
  },
  {
    method: 'POST',
    path: '/api/v1/task',
    summary: 'webfile.create_files also takes the original `[{aws_path, rna_flag, bucket_name}]`.',
    input: z.looseObject({ task: z.string(), args: z.array(z.unknown()) }),
  },
  {
    method: 'POST',
    path: '/api/v1/storage/generate_presigned_url',
    summary: 'Body `{path, bucket}` answers the URL as a string, as in the original.',
    input: z.object({ path: z.string(), bucket: z.string().optional() }),
    response: z.string(),
  },
  {
    method: 'POST',
    path: '/api/v1/storage/qc_entry',
    summary: '`qc_dir` may carry the `data/` prefix the original client sends.',
    input: z.object({ qc_dir: z.string() }),
  },
];
