import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Row types of every table, one interface per table; migrations in src/migrations are the source of truth. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T = unknown> = ColumnType<T, string, string>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  name: string;
  email: string;
  organization: string;
  pi_name: string;
  status: 'UNCONFIRMED' | 'CONFIRMED';
  email_verified: Generated<boolean>;
  disabled: Generated<boolean>;
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
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: CreatedAt;
}

export interface Tables {
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
