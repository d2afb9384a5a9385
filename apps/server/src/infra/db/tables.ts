import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { ExternalProvider, SignInMethod } from '@atlas/contracts';

/** Row types of every table, one interface per table; migrations in src/migrations are the source of truth. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T = unknown> = ColumnType<T, string, string>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  session_key: Generated<string>;
  name: string;
  email: string;
  organization: string;
  pi_name: string;
  status: 'UNCONFIRMED' | 'CONFIRMED';
  email_verified: Generated<boolean>;
  disabled: Generated<boolean>;
  /** How the account signs in (022_external_sign_in.sql). */
  sign_in_method: Generated<SignInMethod>;
  /** Mailed when a run is shared with one of the account's groups (023_reviewer_links.sql). */
  share_notices: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface GroupsTable {
  id: Generated<number>;
  name: string;
  description: string;
  created_at: CreatedAt;
}

export interface UserGroupsTable {
  user_id: number;
  group_id: number;
}

export interface AuthCodesTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'confirm_email' | 'reset_password';
  code_hash: string;
  attempts: Generated<number>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  created_at: CreatedAt;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor: string | null;
  action: string;
  target: string;
  before: Json | null;
  after: Json | null;
  at: CreatedAt;
}

export interface TasksTable {
  id: string;
  name: string;
  queue: string;
  args: Json<unknown[]>;
  kwargs: Json<Record<string, unknown>>;
  status: 'PENDING' | 'STARTED' | 'PROGRESS' | 'SUCCESS' | 'FAILURE';
  progress: Generated<number>;
  position: number | null;
  result: Json | null;
  error: string | null;
  requested_by: string | null;
  /** Set for tasks posted through a public run link: the link's run and the SHA-256 (hex) of the link. */
  public_run: Generated<string | null>;
  public_link_sha256: Generated<string | null>;
  /** Job Managment's labels, set when posted (tasks/labels.ts). */
  description: Generated<string | null>;
  run_id: Generated<string | null>;
  /** Last sign of life of the worker running it (STARTED/PROGRESS only). */
  heartbeat_at: Generated<Date | null>;
  /** Starts again after a lost worker (idempotent tasks only, at most once). */
  attempts: Generated<number>;
  /** 015_task_request_id.sql: the X-Request-Id of the HTTP request that posted it (log correlation). */
  request_id: Generated<string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: CreatedAt;
}

// ---- run database (003_runs.sql) ----

export type LookupList = 'assay' | 'species' | 'organ' | 'epitope' | 'tissue_source' | 'tissue_type';
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface LookupValuesTable {
  id: Generated<number>;
  list: LookupList;
  value: string;
}

export interface TissuesTable {
  tissue_id: Generated<number>;
  run_id: string;
  sample_id: Generated<string>;
  species: Generated<string>;
  organ: Generated<string>;
  tissue_type: Generated<string>;
  tissue_source: Generated<string>;
  experimental_condition: Generated<string>;
  regulation: Generated<string>;
  channel_width: number | null;
  number_channels: number | null;
  assay: Generated<string>;
  epitope: string | null;
  created_on: Timestamp;
  updated_at: UpdatedAt;
}

export interface PublicationsTable {
  publication_id: Generated<number>;
  pmid: string;
  title: Generated<string>;
  journal: Generated<string>;
  link: string | null;
  year: number | null;
}

export interface AuthorsTable {
  author_id: Generated<number>;
  name: string;
}

export interface PublicationAuthorsTable {
  publication_id: number;
  author_id: number;
  position: Generated<number>;
}

export interface ResultsTable {
  results_id: Generated<number>;
  tissue_id: number;
  title: Generated<string>;
  description: Generated<string>;
  results_folder_path: string;
  web_obj_path: string | null;
  ngs_id: string | null;
  group_id: number | null;
  public: Generated<boolean>;
  pmid: string | null;
  date: Timestamp;
  web_object_available: Generated<boolean>;
  /** When the public link expires (023_reviewer_links.sql); null: until revoked. */
  public_until: MaybeTimestamp;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface FileTypesTable {
  file_type_id: Generated<number>;
  file_type_name: string;
}

export interface FilesTable {
  file_id: Generated<number>;
  tissue_id: number;
  file_type_id: number;
  bucket_name: string;
  file_path: string;
  file_description: Generated<string>;
}

export interface StudyTypesTable {
  study_type_id: Generated<number>;
  study_type_name: string;
}

export interface StudiesTable {
  study_id: Generated<number>;
  study_name: string;
  study_description: Generated<string>;
  study_type_id: number | null;
}

export interface StudyRunsTable {
  study_id: number;
  tissue_id: number;
}

export interface RunDbStateTable {
  id: number;
  version: number;
}

export interface Tables {
  lookup_values: LookupValuesTable;
  tissues: TissuesTable;
  publications: PublicationsTable;
  authors: AuthorsTable;
  publication_authors: PublicationAuthorsTable;
  results: ResultsTable;
  file_types: FileTypesTable;
  files: FilesTable;
  study_types: StudyTypesTable;
  studies: StudiesTable;
  study_runs: StudyRunsTable;
  run_db_state: RunDbStateTable;
  users: UsersTable;
  groups: GroupsTable;
  user_groups: UserGroupsTable;
  auth_codes: AuthCodesTable;
  audit_log: AuditLogTable;
  tasks: TasksTable;
  schema_migrations: SchemaMigrationsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type TaskRow = Selectable<TasksTable>;

/** 009_task_workers.sql: one row per live worker process. */
export interface TaskWorkersTable {
  id: string;
  driver: 'inprocess' | 'bullmq';
  queues: Json<string[]>;
  requested: Json<Record<string, number>>;
  started_at: CreatedAt;
  seen_at: UpdatedAt;
}

// ---- lab metadata (005_lab.sql) ----

/** Wafers, chips, DBiT runs and QC records: key column + free-form JSONB `doc`. */
interface LabTableBase {
  _id: Generated<string>;
  doc: Json<Record<string, unknown>>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}
export interface WafersTable extends LabTableBase {
  wafer_id: string;
}
export interface ChipsTable extends LabTableBase {
  chip_id: string;
}
export interface DbitsTable extends LabTableBase {
  run_id: string;
}
export interface QcTable extends LabTableBase {
  id: string;
}
// Declaration merging keeps this block apart from the main interface above.
export interface Tables {
  wafers: WafersTable;
  chips: ChipsTable;
  dbits: DbitsTable;
  qc: QcTable;
}

// ---- shared annotations (013_annotations.sql, 020_annotation_bitsets.sql) ----

export interface AnnotationsTable {
  id: Generated<string>;
  run_id: string;
  name: string;
  color: string;
  note: string;
  /** The tixel list of rows written before 020 (null since): ascending, unique. */
  tixels: ColumnType<number[] | null, null | undefined, null>;
  /** The tixels as a bitset (../../domains/annotations/tixel-set.ts); null in rows written before 020. */
  tixel_bits: Uint8Array | null;
  tixel_count: number;
  created_by: string | null;
  created_at: CreatedAt;
  updated_by: string | null;
  updated_at: UpdatedAt;
}
// ---- cluster colours (019_cluster_colours.sql) ----
export interface ClusterColoursTable {
  run_id: string;
  colors: Json<Record<string, string>>;
  updated_by: string | null;
  updated_at: UpdatedAt;
}
// ---- workers (009_task_workers.sql) ----
export interface Tables {
  task_workers: TaskWorkersTable;
  annotations: AnnotationsTable;
  cluster_colours: ClusterColoursTable;
}

// ---- personal API tokens (017_api_tokens.sql) ----
export interface ApiTokensTable {
  id: Generated<string>;
  user_id: number;
  name: string;
  token_hash: string;
  hint: string;
  session_key: string;
  created_at: CreatedAt;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  revoked_by: string | null;
}
export interface Tables {
  api_tokens: ApiTokensTable;
}

// ---- task write leases (018_task_write_leases.sql) ----
export interface TaskWriteLeasesTable {
  task_id: string;
  bucket: string;
  key: string;
  taken_at: CreatedAt;
}
export interface Tables {
  task_write_leases: TaskWriteLeasesTable;
}

// ---- the second factor and portal settings (021_second_factor.sql) ----
type MaybeTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
export interface SecondFactorsTable {
  user_id: number;
  secret_box: string | null;
  enabled_at: MaybeTimestamp;
  /** bigint: node-postgres answers it as a string. */
  last_step: ColumnType<string | number | null, number | null | undefined, number | null>;
  pending_box: string | null;
  pending_at: MaybeTimestamp;
}
export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: MaybeTimestamp;
}
export interface PortalSettingsTable {
  name: string;
  value: Json;
  updated_by: string | null;
  updated_at: UpdatedAt;
}
export interface Tables {
  second_factors: SecondFactorsTable;
  recovery_codes: RecoveryCodesTable;
  portal_settings: PortalSettingsTable;
}

// ---- institution sign-in (022_external_sign_in.sql) ----
export interface ExternalIdentitiesTable {
  provider: ExternalProvider;
  subject: string;
  user_id: number;
  created_at: CreatedAt;
  last_sign_in_at: MaybeTimestamp;
}
export interface Tables {
  external_identities: ExternalIdentitiesTable;
}

// ---- reviewer links (023_reviewer_links.sql) ----
export interface ReviewerLinksTable {
  id: Generated<string>;
  label: Generated<string>;
  code_hash: string;
  pin_hash: string;
  session_key: Generated<string>;
  allow_downloads: Generated<boolean>;
  created_by: string | null;
  created_at: CreatedAt;
  expires_at: Timestamp;
  rotated_at: MaybeTimestamp;
  revoked_at: MaybeTimestamp;
  revoked_by: string | null;
  last_used_at: MaybeTimestamp;
}

export interface ReviewerLinkRunsTable {
  link_id: string;
  run_id: string;
}

export interface Tables {
  reviewer_links: ReviewerLinksTable;
  reviewer_link_runs: ReviewerLinkRunsTable;
}
