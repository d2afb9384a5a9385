import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ATLASBROWSER_MSG, compatCalls, LAB_KEY, type Call, type LabKind } from '@atlas/contracts';

/**
 * Original calls on a native method and path (ORIGINAL_VARIANTS in contracts, issue 20). The native route keeps
 * the path and does all the work; these hooks only reshape: the request before the native handler parses it, and
 * the answer where the original client reads another shape. Input changes are tolerant widenings (a wrapped body,
 * a missing bucket, a string filter) that no native request uses; answers change shape only for the original
 * client (see `wantsOriginal`), so our own client keeps the native answers.
 */
type Obj = Record<string, unknown>;
type InputAdapter = (request: FastifyRequest, ctx: AdapterContext) => void;
type OutputAdapter = (answer: unknown, request: FastifyRequest) => unknown;
interface AdapterContext {
  dataBucket: string;
  /** The original client's bucket names → ours (ATLAS_COMPAT_BUCKETS). */
  buckets: Readonly<Record<string, string>>;
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The original web client is axios with its default `Accept: application/json, text/plain, *\/*`; our client asks
 * for `application/json` alone, and so do curl-like scripts that send `*\/*`. Only the first gets string answers.
 */
export const wantsOriginal = (request: FastifyRequest): boolean =>
  /\btext\/plain\b/.test(String(request.headers.accept ?? ''));

/** Requests recognised as the original's by their own shape (not only by Accept). */
const originalShaped = new WeakSet<FastifyRequest>();
/** storage/list filters the native route does not apply (substring filters), kept for the answer. */
const listFilters = new WeakMap<FastifyRequest, string[]>();

/** `{data: {…}}` → `{…}`: the original admin client wraps some bodies as axios config. */
function unwrapData(request: FastifyRequest): Obj | undefined {
  const body = request.body;
  if (!isObj(body)) return undefined;
  if (isObj(body.data) && Object.keys(body).length === 1) request.body = { ...body.data };
  return request.body as Obj;
}

function defaultBucket(field: 'bucket_name' | 'bucket', where: 'query' | 'body'): InputAdapter {
  return (request, { dataBucket }) => {
    const part = request[where];
    if (!isObj(part)) return;
    if (part[field] === undefined || part[field] === '' || part[field] === 'undefined') part[field] = dataBucket;
  };
}

/** Lab-record filters: the original's `_id` is the record key (ours is a UUID); `{_id: 1}` options = existence check. */
function labFilter(keyField: string): InputAdapter {
  return (request) => {
    const query = request.query as Obj | undefined;
    if (!isObj(query)) return;
    if (typeof query.filter === 'string') {
      const filter = parseJson(query.filter);
      if (isObj(filter) && typeof filter._id === 'string' && !UUID.test(filter._id)) {
        const { _id, ...rest } = filter;
        query.filter = JSON.stringify({ ...rest, [keyField]: _id });
      }
    }
    if (typeof query.options === 'string') {
      const options = parseJson(query.options);
      if (isObj(options) && '_id' in options && !('projection' in options)) {
        const { _id, ...rest } = options;
        query.options = JSON.stringify({ ...rest, projection: { _id } });
      }
    }
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const RUN_IN_KEY = /(?:^|\/)data\/(D\d{5,})\//;

/** Fields in which the original client names a bucket: top level, and in a task's argument objects. */
const BUCKET_FIELDS = ['bucket', 'bucket_name', 'bucket_name_bsa', 'bucket_name_spatial'] as const;

/** Renames the original client's buckets (e.g. `atx-illumina`) to ours, wherever it names one. */
function mapBuckets(request: FastifyRequest, buckets: Readonly<Record<string, string>>): void {
  const rename = (part: unknown) => {
    if (!isObj(part)) return;
    for (const field of BUCKET_FIELDS) {
      const name = part[field];
      if (typeof name === 'string' && Object.hasOwn(buckets, name)) part[field] = buckets[name];
    }
  };
  rename(request.query);
  rename(request.body);
  if (isObj(request.body) && Array.isArray(request.body.args)) request.body.args.forEach(rename);
}

/** `data/D90001/` → `D90001`: the original answered sub-folders by bare name, which its screens use as run ids. */
const bareFolder = (prefix: string) => (folder: string) => folder.slice(prefix.length).replace(/\/+$/, '');

/** The original transfer tasks' positional arguments, by the names of our tasks' kwargs. */
const POSITIONAL_KWARGS: Record<string, string[]> = {
  'core.list_novogene_batch': ['host', 'port', 'username', 'password', 'batch_root', 'storage_root'],
  'core.download_from_ftp_to_s3': ['host', 'port', 'username', 'password', 'source', 'output_key'],
};

const INPUTS: Record<string, InputAdapter> = {
  'PUT /api/v1/auth/confirm': (request) => {
    const body = unwrapData(request);
    if (body && body.username === undefined && typeof body.user === 'string') body.username = body.user;
  },
  'POST /api/v1/auth/group': (request) => void unwrapData(request),
  'DELETE /api/v1/auth/group': (request) => void unwrapData(request),
  'PUT /api/v1/auth/disable_user': (request) => void unwrapData(request),
  'GET /api/v1/storage': defaultBucket('bucket_name', 'query'),
  'GET /api/v1/storage/json': defaultBucket('bucket_name', 'query'),
  'GET /api/v1/storage/csv': defaultBucket('bucket_name', 'query'),
  'GET /api/v1/storage/png': defaultBucket('bucket_name', 'query'),
  'POST /api/v1/storage/list': (request, ctx) => {
    defaultBucket('bucket', 'body')(request, ctx);
    const body = request.body;
    if (!isObj(body)) return;
    if (typeof body.filter === 'string') body.filter = body.filter ? [body.filter] : [];
    if (Array.isArray(body.filter) && body.filter.some((f) => typeof f === 'string' && f.includes('/'))) {
      // The original matched anywhere in the key: the native route lists unfiltered, the answer is filtered here.
      listFilters.set(request, body.filter as string[]);
      body.filter = [];
    }
  },
  'POST /api/v1/storage/sub_folders': defaultBucket('bucket_name', 'body'),
  'POST /api/v1/genes/get_summation': (request) => {
    const body = request.body;
    if (!isObj(body) || body.run_id !== undefined || body.encoded !== undefined) return;
    const run = typeof body.filename === 'string' ? RUN_IN_KEY.exec(body.filename)?.[1] : undefined;
    if (run) body.run_id = run;
  },
  ...Object.fromEntries(
    (['wafers', 'chips', 'dbits'] as LabKind[]).flatMap((kind) => [
      [`GET /api/v1/dataset/${kind}`, labFilter(LAB_KEY[kind])],
      [`DELETE /api/v1/dataset/${kind}`, labFilter(LAB_KEY[kind])],
    ]),
  ),
  'GET /api/v1/dataset/qc': labFilter('id'),
  'POST /api/v1/task': (request) => {
    const body = request.body;
    if (!isObj(body) || !Array.isArray(body.args)) return;
    const args = body.args as unknown[];
    const [first] = args;
    if (body.task === 'webfile.create_files' && args.length === 1 && isObj(first) && typeof first.aws_path === 'string')
      body.args = [first.aws_path, first.rna_flag ?? false, first.bucket_name ?? ''];
    const names = POSITIONAL_KWARGS[String(body.task)];
    if (names && args.length > 0 && (!isObj(body.kwargs) || Object.keys(body.kwargs).length === 0)) {
      // The original passed the transfer forms' fields positionally; our transfer tasks take them by name.
      body.kwargs = Object.fromEntries(names.map((name, i) => [name, args[i]]).filter(([, v]) => v != null));
      body.args = [];
    }
  },
  'POST /api/v1/storage/generate_presigned_url': (request, { dataBucket }) => {
    const body = request.body;
    if (!isObj(body) || typeof body.path !== 'string' || body.key !== undefined) return;
    originalShaped.add(request);
    request.body = { key: body.path, bucket_name: body.bucket || body.bucket_name || dataBucket };
  },
  'POST /api/v1/storage/qc_entry': (request) => {
    const query = request.query as Obj | undefined;
    if (isObj(query) && typeof query.qc_dir === 'string')
      query.qc_dir = query.qc_dir.replace(/^\/?data\//, '').replace(/\/+$/, '');
  },
};

/** Answers the original client reads in another shape; `undefined` keeps the native answer. */
const OUTPUTS: Record<string, OutputAdapter> = {
  'GET /api/v1/auth/whoami': (answer, request) =>
    wantsOriginal(request) && isObj(answer) ? { ...answer, Username: answer.username } : undefined,
  'GET /api/v1/auth/log_into_public': (answer, request) =>
    wantsOriginal(request) && isObj(answer) && typeof answer.access_token === 'string'
      ? { ...answer, token: answer.access_token }
      : undefined,
  'POST /api/v1/auth/user_account_request': (answer, request) =>
    wantsOriginal(request) && isObj(answer) ? (answer.username_exists ? 'exists' : 'Success') : undefined,
  'GET /api/v1/auth/confirm_user_via_email': (answer, request) =>
    wantsOriginal(request) && isObj(answer) ? 'Success' : undefined,
  'POST /api/v1/auth/forgot_password_confirmation': (answer, request) =>
    wantsOriginal(request) && isObj(answer) ? answer.state : undefined,
  'GET /api/v1/auth/group': (answer, request) =>
    wantsOriginal(request) && Array.isArray(answer) ? answer.map((g) => (g as Obj).group_name) : undefined,
  'GET /api/v1/run_db/get_studies': (answer, request) => {
    if (!wantsOriginal(request) || !isObj(answer) || !Array.isArray(answer.studies)) return undefined;
    const types = (answer.study_types ?? []) as string[];
    return (answer.studies as Obj[]).map((s) => ({
      study_id: s.study_id,
      study_name: s.study_name,
      study_description: s.study_description,
      study_type_name: s.study_type_name,
      study_type_id: typeof s.study_type_name === 'string' ? types.indexOf(s.study_type_name) + 1 || null : null,
    }));
  },
  'POST /api/v1/storage/list': (answer, request) => {
    const filters = listFilters.get(request);
    if (!filters || !Array.isArray(answer)) return undefined;
    const lower = filters.map((f) => f.toLowerCase());
    return (answer as string[]).filter((key) => {
      const k = key.toLowerCase();
      return lower.some((f) => (f.includes('/') ? k.includes(f) : k.endsWith(f)));
    });
  },
  'POST /api/v1/storage/generate_presigned_url': (answer, request) =>
    originalShaped.has(request) && isObj(answer) ? answer.url : undefined,
  'POST /api/v1/storage/sub_folders': (answer, request) => {
    if (!wantsOriginal(request) || !Array.isArray(answer)) return undefined;
    const prefix = isObj(request.body) && typeof request.body.prefix === 'string' ? request.body.prefix : '';
    return (answer as string[]).map(bareFolder(prefix));
  },
};

/**
 * Refusals the original client reads as an answer. Without SLIMS its AtlasXbrowser asked for a run's slide and
 * showed 'Failed to pull metadata' on any error: it gets 200 with no slide fields and `slims: 'not configured'`,
 * and the metadata dialog opens empty, as with an unconfigured SLIMS there.
 */
const ERROR_OUTPUTS: Record<string, (error: unknown, request: FastifyRequest) => unknown> = {
  'GET /api/v1/dataset/slimstest_runid': (error, request) =>
    wantsOriginal(request) && isObj(error) && error.msg === ATLASBROWSER_MSG.slimsNotConfigured
      ? { slims: 'not configured', msg: error.msg }
      : undefined,
};

/** Which adapted call a request is: method and the route's registered path. */
const keyOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? ''}`;

/** The adapted method + path pairs, for the OpenAPI document and the replay test. */
export const ADAPTED_ROUTES = new Set([...Object.keys(INPUTS), ...Object.keys(OUTPUTS), ...Object.keys(ERROR_OUTPUTS)]);

/**
 * Original calls answered with a bare string ('Success', a URL): Fastify sends a returned string as text; the
 * original sent it as a JSON string, which is what its client parses.
 */
const STRING_ANSWERS = new Set(
  Object.values(compatCalls as Record<string, Call>)
    .filter((call) => {
      const takes = (v: unknown) => call.response?.safeParse(v).success ?? false;
      return (takes('Success') || takes('x')) && !takes({}) && !takes([]);
    })
    .map((call) => `${call.method} ${call.path}`),
);

/** Installs the adapters; call before the domains register their routes so the hooks cover them. */
export function installCompatAdapters(app: FastifyInstance, ctx: AdapterContext): void {
  app.addHook('preHandler', async (request) => {
    if (Object.keys(ctx.buckets).length > 0) mapBuckets(request, ctx.buckets);
    INPUTS[keyOf(request)]?.(request, ctx);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (STRING_ANSWERS.has(keyOf(request)) && reply.statusCode < 400 && typeof payload === 'string') {
      reply.type('application/json; charset=utf-8');
      return JSON.stringify(payload);
    }
    const answerError = ERROR_OUTPUTS[keyOf(request)];
    if (answerError && reply.statusCode >= 400 && typeof payload === 'string') {
      const answer = answerError(parseJson(payload), request);
      if (answer === undefined) return payload;
      reply.code(200);
      return JSON.stringify(answer);
    }
    const adapt = OUTPUTS[keyOf(request)];
    if (!adapt || reply.statusCode >= 400 || typeof payload !== 'string') return payload;
    if (!String(reply.getHeader('content-type') ?? '').includes('application/json')) return payload;
    const adapted = adapt(parseJson(payload), request);
    return adapted === undefined ? payload : JSON.stringify(adapted);
  });
}
