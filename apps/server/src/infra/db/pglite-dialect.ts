import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';

/**
 * Kysely over PGlite. PGlite is one connection, so access is serialised through a lock; a transaction
 * holds the lock from begin to commit. (kysely-pglite loses rows under concurrent transactions: STACK.md §7.)
 */
class PGliteConnection implements DatabaseConnection {
  release: () => void = () => {};
  constructor(
    private readonly client: PGlite,
    private readonly onWrite: () => void,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // Counted as it runs (under the lock): anything but a plain SELECT may change data, `begin`/`commit` included.
    if (!READ_ONLY.test(query.sql)) this.onWrite();
    // Parameterless SQL may hold several statements (migrations); only `exec` accepts that on PGlite.
    const result =
      query.parameters.length === 0
        ? ((await this.client.exec(query.sql)).at(-1) ?? { rows: [], affectedRows: 0 })
        : await this.client.query<R>(query.sql, [...query.parameters]);
    return {
      rows: result.rows as R[],
      numAffectedRows: result.affectedRows !== undefined ? BigInt(result.affectedRows) : undefined,
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on PGlite');
  }
}

/** A statement that cannot change data: one SELECT (a `with` may hide an update, so it counts as a write). */
const READ_ONLY = /^\s*select\b[^;]*;?\s*$/i;

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  private lock: Promise<void> = Promise.resolve();

  constructor(
    private readonly client: PGlite,
    onWrite: () => void,
  ) {
    this.connection = new PGliteConnection(client, onWrite);
  }

  async init(): Promise<void> {}

  async destroy(): Promise<void> {
    await this.client.close();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const previous = this.lock;
    this.lock = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.connection.release = release;
    return this.connection;
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as PGliteConnection).release();
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }
}

/** `onWrite` is called whenever a statement that may change data runs (see writeCounterOf in ./index.ts). */
export function pgliteDialect(client: PGlite, onWrite: () => void = () => {}): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new PGliteDriver(client, onWrite),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}
