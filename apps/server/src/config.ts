import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ENVIRONMENTS, ZGroupName } from '@atlas/contracts';
import { IMAGE_MAX_MEGAPIXELS, IMPORT_LIMITS, type TImportLimits } from '@atlas/contracts/genes/import-limits';

/**
 * The only reader of process.env. Every variable is listed here with its default, validated once at start;
 * a bad value stops the server with a message naming the variable.
 */
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional());
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

export const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  ATLAS_ENV: z.enum(ENVIRONMENTS).default('development'),
  ATLAS_DATA_DIR: z.string().default('./var'),
  ATLAS_ADMIN_USERNAME: z.string().min(1).default('admin'),
  ATLAS_ADMIN_PASSWORD: optionalText,
  ATLAS_ADMIN_EMAIL: z.string().email().default('admin@atlas.local'),
  ATLAS_JWT_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32).optional()),
  ATLAS_PUBLIC_URL: optionalUrl,
  ATLAS_WEB_DIST: optionalText,
  ATLAS_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // auto: readable lines on a terminal, JSON lines otherwise (a service manager, a container, a file).
  ATLAS_LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  // A bearer token Prometheus sends to GET /metrics (admins' own tokens work too); at least 24 characters.
  ATLAS_METRICS_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(24).optional()),
  // A worker process (--role worker) serves GET /metrics on this port (needs ATLAS_METRICS_TOKEN).
  ATLAS_METRICS_PORT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(65535).optional(),
  ),
  // Behind a reverse proxy: `true`, a hop count, or a comma-separated list of proxy addresses/CIDRs whose
  // X-Forwarded-For is believed. Unset: the socket's address (a client cannot pick its own by a header).
  ATLAS_TRUST_PROXY: optionalText,
  // A name this process answers under, in an `X-Atlas-Process` header on every response: shows which of several
  // API processes behind a proxy served a request (the scale-out tests). Unset: no header.
  ATLAS_PROCESS_NAME: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^[\w.-]{1,64}$/)
      .optional(),
  ),
  ATLAS_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  // How often a running task's worker signs life; a task silent for 4.5 beats is FAILURE 'Interrupted: worker lost'.
  ATLAS_TASK_HEARTBEAT_MS: z.coerce.number().int().min(50).max(600_000).default(10_000),
  // Image conversions refuse larger images before decoding them (a decompression bomb costs nothing).
  ATLAS_IMAGE_MAX_MEGAPIXELS: z.coerce.number().positive().max(10_000).default(IMAGE_MAX_MEGAPIXELS),
  // What an import may declare and decompress, checked before any byte is inflated (a zip bomb costs nothing).
  ATLAS_IMPORT_MAX_OBS: z.coerce.number().int().positive().default(IMPORT_LIMITS.maxObs),
  ATLAS_IMPORT_MAX_VARS: z.coerce.number().int().positive().default(IMPORT_LIMITS.maxVars),
  ATLAS_IMPORT_MAX_MB: z.coerce
    .number()
    .int()
    .positive()
    .default(IMPORT_LIMITS.maxBytes / 1024 / 1024),
  ATLAS_IMPORT_MAX_CHUNKS: z.coerce.number().int().positive().default(IMPORT_LIMITS.maxChunks),
  ATLAS_IMPORT_MAX_RATIO: z.coerce.number().positive().default(IMPORT_LIMITS.maxRatio),
  // Decoded selection indexes (gene.compute_qc) kept per worker process, so a lasso does not re-read its run.
  ATLAS_DE_CACHE_MB: z.coerce.number().int().min(0).max(1_000_000).default(1024),
  ATLAS_DE_READ_PARTS_FROM_MB: z.coerce.number().int().min(0).max(1_000_000).default(64),
  // Parsed run data and serialised run-data answers kept per API process (the genes routes), so reads under load do
  // not re-read and re-serialise their run.
  ATLAS_RUN_DATA_CACHE_MB: z.coerce.number().int().min(0).max(1_000_000).default(256),
  // Namespaces the BullMQ keys in Redis, so several installations (or test runs) can share one Redis.
  ATLAS_QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'letters, digits, _ . - (at most 64)')
    .default('atlas'),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  ATLAS_BUCKETS: z.string().default('atx-data,atx-images,atx-tracks'),
  // The original AtlasXomics client names its buckets (issue 37): `theirs=ours` pairs; unset maps atx-illumina to
  // the data bucket.
  ATLAS_COMPAT_BUCKETS: optionalText,
  // Origins (scheme://host[:port]) whose pages may call the API from a browser (CORS); unset: none.
  ATLAS_CORS_ORIGINS: optionalText,
  // Demo runs seeded on first start; unset means on, except when ATLAS_ENV=test.
  ATLAS_DEMO_DATA: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['true', 'false']).optional()),
  // Sign-in through an LDAP directory or Active Directory (README "Sign in through your institution"); unset: none.
  ATLAS_LDAP_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^ldaps?:\/\/[^/\s]+\/?$/, 'ldap://host[:port] or ldaps://host[:port]')
      .optional(),
  ),
  // A PEM file of the CA that signed the directory's certificate (ldaps:// only; unset: the system's CAs).
  ATLAS_LDAP_CA_FILE: optionalText,
  // The account the portal searches with; unset: anonymous search.
  ATLAS_LDAP_BIND_DN: optionalText,
  ATLAS_LDAP_BIND_PASSWORD: optionalText,
  ATLAS_LDAP_USER_BASE: optionalText,
  // {username} is replaced by the typed username, escaped (RFC 4515), so it cannot change the filter.
  ATLAS_LDAP_USER_FILTER: z
    .string()
    .includes('{username}', { message: 'must contain {username}' })
    .default('(uid={username})'),
  ATLAS_LDAP_USERNAME_ATTRIBUTE: z.string().min(1).default('uid'),
  ATLAS_LDAP_EMAIL_ATTRIBUTE: z.string().min(1).default('mail'),
  ATLAS_LDAP_NAME_ATTRIBUTE: z.string().min(1).default('cn'),
  // The person's stable id, linking them to their account across renames: an attribute, or `dn` for the entry's DN.
  ATLAS_LDAP_SUBJECT_ATTRIBUTE: z.string().min(1).default('entryUUID'),
  // Groups by an attribute of the person (Active Directory: memberOf) or by a search (base + filter with {dn} or
  // {username}); unset both: no groups from the directory.
  ATLAS_LDAP_GROUP_ATTRIBUTE: optionalText,
  ATLAS_LDAP_GROUP_BASE: optionalText,
  ATLAS_LDAP_GROUP_FILTER: z.string().default('(member={dn})'),
  // JSON: directory group (its DN or its name, any case) -> portal group or groups, e.g. {"cn=lab,ou=groups,dc=uni": "lab"}.
  ATLAS_LDAP_GROUP_MAP: optionalText,
  ATLAS_LDAP_NEW_ACCOUNTS: z.enum(['create', 'approve']).default('create'),
  // Whether local (non-admin) accounts may still sign in with their portal password; admins always may.
  ATLAS_LDAP_LOCAL_ACCOUNTS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  ATLAS_LDAP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  // Illumina BaseSpace Sequence Hub (spec 03 §2.9): an access token of the lab's account, and the API's address
  // (another region's, or a loopback server in tests).
  BASESPACE_TOKEN: optionalText,
  BASESPACE_API_URL: z.string().url().default('https://api.basespace.illumina.com'),
  // A transfer that receives no byte for this long is cut and looked at (the file may have gone from the server).
  ATLAS_TRANSFER_STALL_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  // AtlasXbrowser (spec 02 §7.4): where the lab's barcode files are (a folder of the data bucket), and the lab
  // information system; without SLIMS_URL metadata is never pulled from it.
  ATLAS_BARCODES_PATH: z
    .string()
    .regex(/^([A-Za-z0-9_.-]+\/)+$/, 'a folder path ending in /, e.g. barcodes/')
    .default('barcodes/'),
  SLIMS_URL: optionalUrl,
  SLIMS_USERNAME: optionalText,
  SLIMS_PASSWORD: optionalText,
  // Institution sign-in through OpenID Connect (issue 35; README "Sign in through your institution: OIDC").
  // Off unless ATLAS_OIDC_ISSUER is set; the provider is asked for its metadata at the first sign-in, not at start.
  ATLAS_OIDC_ISSUER: optionalUrl,
  ATLAS_OIDC_CLIENT_ID: optionalText,
  // Unset: a public client (PKCE only, no client authentication).
  ATLAS_OIDC_CLIENT_SECRET: optionalText,
  ATLAS_OIDC_SCOPES: z.string().default('openid profile email'),
  // The button says "Sign in with <name>".
  ATLAS_OIDC_NAME: z.string().trim().min(1).max(60).default('your institution'),
  // The ID token or userinfo claim listing the person's groups or roles (a dotted path reaches into objects).
  ATLAS_OIDC_GROUPS_CLAIM: z.string().min(1).default('groups'),
  ATLAS_OIDC_USERNAME_CLAIM: z.string().min(1).default('preferred_username'),
  // Claim value → portal groups: `value=groupA|groupB;other=groupC` (a value is split from its groups at its last =).
  ATLAS_OIDC_GROUP_MAP: optionalText,
  // A person signing in for the first time gets a ready account (create) or one an admin approves first.
  ATLAS_OIDC_NEW_ACCOUNTS: z.enum(['create', 'approve']).default('approve'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Atlas Portal <no-reply@atlas.local>'),
});

type Env = z.infer<typeof ZEnv>;

/** Every variable this file reads (`.env.example` lists each; config.test.ts checks it does). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(ZEnv.shape);

export interface Config {
  port: number;
  host: string;
  environment: Env['ATLAS_ENV'];
  dataDir: string;
  admin: { username: string; password: string | undefined; email: string };
  jwtSecret: string;
  publicUrl: string | undefined;
  webDist: string | undefined;
  logLevel: Env['ATLAS_LOG_LEVEL'];
  logFormat: Env['ATLAS_LOG_FORMAT'];
  /** The bearer token that may read GET /metrics besides admins; unset: admins only. */
  metricsToken: string | undefined;
  /** Where a worker process serves its metrics; unset: nowhere (API processes serve them on their own port). */
  metricsPort: number | undefined;
  workerConcurrency: number;
  /** Heartbeat interval of running tasks (ms); see infra/queue/lost-tasks.ts. */
  taskHeartbeatMs: number;
  /** Fastify's trustProxy: false unless ATLAS_TRUST_PROXY says which proxies to believe. */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  /** ATLAS_PROCESS_NAME: sent as `X-Atlas-Process` on every response when set. */
  processName: string | undefined;
  /** Largest image any decode accepts (storage conversions, tasks, imports), in pixels. */
  imageMaxPixels: number;
  /** What an import may declare and decompress (ATLAS_IMPORT_MAX_*). */
  importLimits: TImportLimits;
  /** Bytes of decoded run matrices a worker process keeps for selection rankings (0 = none). */
  deCacheBytes: number;
  /** From this size a run's selection index is read in parts, the rows each ranking needs (0 = always). */
  deReadPartsFromBytes: number;
  /** Bytes of parsed run data and serialised run-data answers an API process keeps (0 = none). */
  runDataCacheBytes: number;
  queuePrefix: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  s3:
    | {
        endpoint: string | undefined;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
      }
    | undefined;
  buckets: string[];
  /** Bucket names of the original AtlasXomics client → configured buckets (issue 37). */
  compatBuckets: Record<string, string>;
  /** Origins allowed to call the API from a browser page served elsewhere (CORS). */
  corsOrigins: string[];
  /** Seed the demo runs (catalogue content) at start. */
  demoData: boolean;
  /** Folder of the data bucket holding the barcode files (`*.txt`). */
  barcodesPath: string;
  /** The lab information system, when configured. */
  slims: { url: string; username: string | undefined; password: string | undefined } | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  basespace: { apiUrl: string; token: string | undefined };
  transferStallMs: number;
  /** Sign-in through a directory (ATLAS_LDAP_*); undefined: local accounts only. */
  ldap: LdapSettings | undefined;
  /** OpenID Connect sign-in (ATLAS_OIDC_*); undefined when not configured. */
  oidc: OidcSettings | undefined;
}

/** The directory sign-in's settings (domains/auth/ldap). */
export interface LdapSettings {
  url: string;
  /** PEM of the CA that signed an ldaps:// server's certificate; undefined: the system's CAs. */
  ca: string | undefined;
  /** The search account; undefined: anonymous search. */
  bind: { dn: string; password: string } | undefined;
  userBase: string;
  /** With `{username}`, replaced by the escaped username. */
  userFilter: string;
  attributes: { username: string; email: string; name: string; subject: string };
  /** A person's groups: an attribute of theirs, or a search (`{dn}` / `{username}` in the filter), or none. */
  groups: { attribute: string } | { base: string; filter: string } | undefined;
  /** Directory group (a DN or a name, as the admin wrote it; ldap/groups.ts matches them) -> portal groups. */
  groupMap: Record<string, string[]>;
  newAccounts: 'create' | 'approve';
  /** Whether non-admin local accounts may sign in with their portal password. */
  localAccounts: boolean;
  timeoutMs: number;
}

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  scopes: string;
  /** Shown on the sign-in button. */
  name: string;
  groupsClaim: string;
  usernameClaim: string;
  /** What auth/external/provision.ts needs: claim value → portal groups, and how new accounts start. */
  policy: { groupMap: Record<string, string[]>; newAccounts: 'create' | 'approve' };
}

export class ConfigError extends Error {}

/** Whether this runs in CI (`CI=true`): tests whose tool .ci/run installs fail there rather than skip. */
export function runningInCi(): boolean {
  return process.env.CI === 'true';
}

/**
 * The environment a child server process starts with (the test rig's API processes and workers): this process's,
 * with `settings` over it, so PATH and the like carry over.
 */
export function childProcessEnv(settings: Record<string, string | undefined>): NodeJS.ProcessEnv {
  return { ...process.env, ...settings };
}

/** Parses process.env (plus overrides, used by tests and tools) into the typed config. Throws ConfigError naming the variable. */
export function loadConfig(overrides: Record<string, string | undefined> = {}): Config {
  const parsed = ZEnv.safeParse({ ...process.env, ...overrides });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.ATLAS_DATA_DIR);
  const s3Chosen = Boolean(e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID);
  if (s3Chosen && (!e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: both are required when S3 is used',
    );
  }
  if (e.ATLAS_METRICS_PORT && !e.ATLAS_METRICS_TOKEN) {
    throw new ConfigError(
      'Invalid configuration:\n  ATLAS_METRICS_PORT: set ATLAS_METRICS_TOKEN too (Prometheus sends it)',
    );
  }
  const buckets = e.ATLAS_BUCKETS.split(',')
    .map((b) => b.trim())
    .filter(Boolean);
  if (buckets.length === 0 || buckets.some((b) => !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(b))) {
    throw new ConfigError('Invalid configuration:\n  ATLAS_BUCKETS: comma-separated bucket names (a-z, 0-9, . and -)');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    environment: e.ATLAS_ENV,
    dataDir,
    admin: { username: e.ATLAS_ADMIN_USERNAME, password: e.ATLAS_ADMIN_PASSWORD, email: e.ATLAS_ADMIN_EMAIL },
    jwtSecret: e.ATLAS_JWT_SECRET ?? persistedSecret(dataDir),
    publicUrl: e.ATLAS_PUBLIC_URL,
    webDist: e.ATLAS_WEB_DIST,
    logLevel: e.ATLAS_LOG_LEVEL,
    logFormat: e.ATLAS_LOG_FORMAT,
    metricsToken: e.ATLAS_METRICS_TOKEN,
    metricsPort: e.ATLAS_METRICS_PORT,
    workerConcurrency: e.ATLAS_WORKER_CONCURRENCY,
    taskHeartbeatMs: e.ATLAS_TASK_HEARTBEAT_MS,
    trustProxy: trustProxyOf(e.ATLAS_TRUST_PROXY),
    processName: e.ATLAS_PROCESS_NAME,
    imageMaxPixels: Math.round(e.ATLAS_IMAGE_MAX_MEGAPIXELS * 1_000_000),
    importLimits: {
      maxObs: e.ATLAS_IMPORT_MAX_OBS,
      maxVars: e.ATLAS_IMPORT_MAX_VARS,
      maxBytes: e.ATLAS_IMPORT_MAX_MB * 1024 * 1024,
      maxChunks: e.ATLAS_IMPORT_MAX_CHUNKS,
      maxRatio: e.ATLAS_IMPORT_MAX_RATIO,
    },
    deCacheBytes: e.ATLAS_DE_CACHE_MB * 1024 * 1024,
    deReadPartsFromBytes: e.ATLAS_DE_READ_PARTS_FROM_MB * 1024 * 1024,
    runDataCacheBytes: e.ATLAS_RUN_DATA_CACHE_MB * 1024 * 1024,
    queuePrefix: e.ATLAS_QUEUE_PREFIX,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    s3: s3Chosen
      ? {
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID!,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    buckets,
    compatBuckets: compatBucketsOf(e.ATLAS_COMPAT_BUCKETS, buckets),
    corsOrigins: corsOriginsOf(e.ATLAS_CORS_ORIGINS),
    demoData: e.ATLAS_DEMO_DATA ? e.ATLAS_DEMO_DATA === 'true' : e.ATLAS_ENV !== 'test',
    barcodesPath: e.ATLAS_BARCODES_PATH,
    slims: e.SLIMS_URL ? { url: e.SLIMS_URL, username: e.SLIMS_USERNAME, password: e.SLIMS_PASSWORD } : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    basespace: { apiUrl: e.BASESPACE_API_URL.replace(/\/+$/, ''), token: e.BASESPACE_TOKEN },
    transferStallMs: e.ATLAS_TRANSFER_STALL_MS,
    ldap: ldapOf(e),
    oidc: oidcSettingsOf(e),
  };
}

const ldapError = (message: string) => new ConfigError(`Invalid configuration:\n  ${message}`);

/** The directory settings, checked together: a half-configured directory stops the server, naming what is missing. */
function ldapOf(e: Env): LdapSettings | undefined {
  if (!e.ATLAS_LDAP_URL) return undefined;
  if (!e.ATLAS_LDAP_USER_BASE) throw ldapError('ATLAS_LDAP_USER_BASE: required with ATLAS_LDAP_URL');
  if (e.ATLAS_LDAP_BIND_DN && !e.ATLAS_LDAP_BIND_PASSWORD) {
    throw ldapError('ATLAS_LDAP_BIND_PASSWORD: required with ATLAS_LDAP_BIND_DN');
  }
  if (e.ATLAS_LDAP_GROUP_ATTRIBUTE && e.ATLAS_LDAP_GROUP_BASE) {
    throw ldapError('ATLAS_LDAP_GROUP_ATTRIBUTE, ATLAS_LDAP_GROUP_BASE: set one (an attribute or a group search)');
  }
  if (e.ATLAS_LDAP_GROUP_BASE && !/\{(dn|username)\}/.test(e.ATLAS_LDAP_GROUP_FILTER)) {
    throw ldapError('ATLAS_LDAP_GROUP_FILTER: must contain {dn} or {username}');
  }
  return {
    url: e.ATLAS_LDAP_URL.replace(/\/$/, ''),
    ca: e.ATLAS_LDAP_CA_FILE ? readLdapCa(e.ATLAS_LDAP_CA_FILE) : undefined,
    bind: e.ATLAS_LDAP_BIND_DN ? { dn: e.ATLAS_LDAP_BIND_DN, password: e.ATLAS_LDAP_BIND_PASSWORD! } : undefined,
    userBase: e.ATLAS_LDAP_USER_BASE,
    userFilter: e.ATLAS_LDAP_USER_FILTER,
    attributes: {
      username: e.ATLAS_LDAP_USERNAME_ATTRIBUTE,
      email: e.ATLAS_LDAP_EMAIL_ATTRIBUTE,
      name: e.ATLAS_LDAP_NAME_ATTRIBUTE,
      subject: e.ATLAS_LDAP_SUBJECT_ATTRIBUTE,
    },
    groups: e.ATLAS_LDAP_GROUP_ATTRIBUTE
      ? { attribute: e.ATLAS_LDAP_GROUP_ATTRIBUTE }
      : e.ATLAS_LDAP_GROUP_BASE
        ? { base: e.ATLAS_LDAP_GROUP_BASE, filter: e.ATLAS_LDAP_GROUP_FILTER }
        : undefined,
    groupMap: ldapGroupMapOf(e.ATLAS_LDAP_GROUP_MAP),
    newAccounts: e.ATLAS_LDAP_NEW_ACCOUNTS,
    localAccounts: e.ATLAS_LDAP_LOCAL_ACCOUNTS,
    timeoutMs: e.ATLAS_LDAP_TIMEOUT_MS,
  };
}

function readLdapCa(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw ldapError(`ATLAS_LDAP_CA_FILE: cannot read ${file} (${(error as Error).message})`);
  }
}

const ZLdapGroupMap = z.record(z.string().min(1), z.union([ZGroupName, z.array(ZGroupName)]));

/** The JSON group map, each value a list (ldap/groups.ts matches its keys to a person's groups). */
function ldapGroupMapOf(value: string | undefined): Record<string, string[]> {
  if (value === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    parsed = undefined;
  }
  const checked = ZLdapGroupMap.safeParse(parsed);
  if (!checked.success) {
    throw ldapError(
      'ATLAS_LDAP_GROUP_MAP: a JSON object of directory group -> portal group name or names, e.g. {"cn=lab,ou=groups,dc=uni,dc=example": "lab"}',
    );
  }
  return Object.fromEntries(
    Object.entries(checked.data).map(([key, groups]) => [key, ([] as string[]).concat(groups)]),
  );
}

/** ATLAS_OIDC_*: undefined without an issuer; an http issuer only on loopback (the tests' provider). */
function oidcSettingsOf(e: Env): OidcSettings | undefined {
  if (!e.ATLAS_OIDC_ISSUER) return undefined;
  const fail = (message: string) => new ConfigError(`Invalid configuration:\n  ${message}`);
  if (!e.ATLAS_OIDC_CLIENT_ID) throw fail('ATLAS_OIDC_CLIENT_ID: required when ATLAS_OIDC_ISSUER is set');
  const issuer = new URL(e.ATLAS_OIDC_ISSUER);
  if (issuer.protocol !== 'https:' && !['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname)) {
    throw fail('ATLAS_OIDC_ISSUER: must be https:// (plain http only on loopback, for tests)');
  }
  if (!e.ATLAS_OIDC_SCOPES.split(/\s+/).includes('openid')) throw fail("ATLAS_OIDC_SCOPES: must include 'openid'");
  return {
    issuer: e.ATLAS_OIDC_ISSUER,
    clientId: e.ATLAS_OIDC_CLIENT_ID,
    clientSecret: e.ATLAS_OIDC_CLIENT_SECRET,
    scopes: e.ATLAS_OIDC_SCOPES.trim(),
    name: e.ATLAS_OIDC_NAME,
    groupsClaim: e.ATLAS_OIDC_GROUPS_CLAIM,
    usernameClaim: e.ATLAS_OIDC_USERNAME_CLAIM,
    policy: { groupMap: groupMapOf(e.ATLAS_OIDC_GROUP_MAP ?? '', fail), newAccounts: e.ATLAS_OIDC_NEW_ACCOUNTS },
  };
}

/** `value=groupA|groupB;other=groupC` → { value: [groupA, groupB], other: [groupC] }; portal group names checked. */
function groupMapOf(value: string, fail: (message: string) => ConfigError): Record<string, string[]> {
  const map: Record<string, string[]> = {};
  for (const pair of value
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const at = pair.lastIndexOf('=');
    const claim = pair.slice(0, Math.max(at, 0)).trim();
    const groups = pair
      .slice(at + 1)
      .split('|')
      .map((g) => g.trim())
      .filter(Boolean);
    if (at < 1 || !claim || groups.length === 0 || groups.some((g) => !/^[A-Za-z0-9_.-]{1,64}$/.test(g))) {
      throw fail(
        `ATLAS_OIDC_GROUP_MAP: '${pair}' must be value=group|group with portal group names (A-Z a-z 0-9 _ . -)`,
      );
    }
    map[claim] = [...new Set([...(map[claim] ?? []), ...groups])];
  }
  return map;
}

/** The original client's bucket names (`theirs=ours,…`), each mapped to a configured bucket. */
function compatBucketsOf(value: string | undefined, buckets: string[]): Record<string, string> {
  if (value === undefined) return { 'atx-illumina': buckets[0]! };
  const map: Record<string, string> = {};
  for (const pair of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [theirs, ours] = pair.split('=').map((s) => s.trim());
    if (!theirs || !ours || !buckets.includes(ours)) {
      throw new ConfigError(
        `Invalid configuration:\n  ATLAS_COMPAT_BUCKETS: '${pair}' must be name=bucket with a bucket of ATLAS_BUCKETS`,
      );
    }
    map[theirs] = ours;
  }
  return map;
}

/** Allowed CORS origins, each a bare origin (no path): a browser sends exactly that in `Origin`. */
function corsOriginsOf(value: string | undefined): string[] {
  const origins = (value ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of origins) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || parsed.origin !== origin) {
      throw new ConfigError(
        `Invalid configuration:\n  ATLAS_CORS_ORIGINS: '${origin}' is not an origin such as https://lab.example.org`,
      );
    }
  }
  return origins;
}

/** Without ATLAS_JWT_SECRET the signing key is generated once and kept in the data folder, so restarts keep sessions. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      // Another process wrote it first: use theirs.
      return fs.readFileSync(file, 'utf8').trim();
    }
  }
}

/** The bucket of run data, web files and front-page images: the first configured one (DESIGN §5). */
export const dataBucket = (config: Pick<Config, 'buckets'>): string => config.buckets[0]!;

/** The bucket of track files (`data/{run}/tracks/`, `ref/{genome}/`): the third configured one, else the first. */
export const tracksBucket = (config: Pick<Config, 'buckets'>): string => config.buckets[2] ?? config.buckets[0]!;

function trustProxyOf(value: string | undefined): Config['trustProxy'] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    // A hop count: believe that many proxies in front of us, counted from the socket.
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}
