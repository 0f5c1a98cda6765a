/**
 * Kysely's driver for the one SQLite connection, without a lock around each statement
 * (issue 29, item 1; docs/adr/0381-cached-get-change-stamp.md).
 *
 * Kysely's own `SqliteDriver` hands its single connection to one caller at a time through a
 * promise mutex, held from `acquireConnection` to `releaseConnection`: every statement, even a
 * read outside any transaction, queues behind the others and pays the lock's promises (with ten
 * concurrent requests, an unlock wakes every waiter). A better-sqlite3 statement runs to its end
 * synchronously, so outside a transaction two callers can never interleave within one: the lock
 * only matters while a caller keeps the connection in a state that spans awaits — an open
 * transaction (its uncommitted writes must stay invisible to the others, and the others'
 * statements must not land in it) or an open cursor (better-sqlite3 refuses any other statement
 * while one iterates).
 *
 * So a caller OWNS the connection exactly while its own statement has left it inside a
 * transaction (better-sqlite3's `inTransaction`, whatever SQL opened it: Kysely's `begin`, a
 * savepoint, raw SQL) or while its stream iterates. Anyone else's statement waits for the owner
 * to finish; with no owner, a statement runs at once. This is still Kysely's executor, connection
 * provider, transactions and plugins: only the driver (Kysely's documented extension point)
 * differs.
 */
import { CompiledQuery, type DatabaseConnection, type Driver, type QueryResult, SelectQueryNode } from 'kysely';
import type { CachingSqliteDatabase } from './statement-cache.js';

/** Who may use the connection now: the owner (if any) and the callers waiting for it. */
class Ownership {
  owner: SqliteLease | undefined;
  private waiting: Array<() => void> = [];

  /**
   * Resolves when the owner changes next. A caller checks again after it and runs its statement in
   * the same microtask as the check: another waiter woken with it may have taken the connection.
   */
  changed(): Promise<void> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Sets or clears the owner; clearing wakes every waiter (each checks again, in arrival order). */
  set(owner: SqliteLease | undefined): void {
    this.owner = owner;
    if (owner !== undefined) return;
    const waiting = this.waiting;
    this.waiting = [];
    for (const wake of waiting) wake();
  }

  /** True when `lease` must wait: someone else owns the connection. */
  excludes(lease: SqliteLease): boolean {
    return this.owner !== undefined && this.owner !== lease;
  }
}

/** One acquisition of the connection (Kysely's `DatabaseConnection`); reused once released. */
class SqliteLease implements DatabaseConnection {
  constructor(
    private readonly db: CachingSqliteDatabase,
    private readonly ownership: Ownership,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    while (this.ownership.excludes(this)) await this.ownership.changed();
    try {
      return runStatement<R>(this.db, compiledQuery);
    } finally {
      // Whoever's statement opened a transaction owns the connection until one of its own ends it.
      const inTransaction = this.db.inTransaction;
      if (inTransaction && this.ownership.owner === undefined) this.ownership.set(this);
      else if (!inTransaction && this.ownership.owner === this) this.ownership.set(undefined);
    }
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiledQuery.query)) throw new Error('Sqlite driver only supports streaming of select queries');
    while (this.ownership.excludes(this)) await this.ownership.changed();
    const owned = this.ownership.owner === this;
    // An open cursor keeps the connection busy: nobody else's statement may run until it closes.
    if (!owned) this.ownership.set(this);
    try {
      for (const row of this.db.prepare(compiledQuery.sql).iterate(compiledQuery.parameters) as Iterable<R>) yield { rows: [row] };
    } finally {
      if (!owned && !this.db.inTransaction) this.ownership.set(undefined);
    }
  }

  /** At release: a transaction this caller left open is rolled back (nobody else could ever run again). */
  release(): void {
    if (this.ownership.owner !== this) return;
    try {
      if (this.db.inTransaction) this.db.prepare('rollback').run();
    } finally {
      this.ownership.set(undefined);
    }
  }
}

function runStatement<R>(db: CachingSqliteDatabase, { sql, parameters }: CompiledQuery): QueryResult<R> {
  const statement = db.prepare(sql);
  if (statement.reader) return { rows: statement.all(parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

export class SqliteLeaseDriver implements Driver {
  private readonly ownership = new Ownership();
  /** Released leases, handed out again: Kysely remembers each connection it saw in a WeakSet. */
  private readonly free: SqliteLease[] = [];

  constructor(private readonly db: CachingSqliteDatabase) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return this.free.pop() ?? new SqliteLease(this.db, this.ownership);
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

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const lease = connection as SqliteLease;
    lease.release();
    this.free.push(lease);
  }

  async destroy(): Promise<void> {
    this.db.close();
  }
}
