/**
 * What every use case receives: the caller (with its active organization), the repositories
 * (bound to the current transaction when inside one: the only way a use case reaches data),
 * and a clock. No use case reads globals or holds a database handle.
 */
import type { Kysely } from 'kysely';
import type { OrgActor } from '../kernel/actor.js';
import { type Clock, systemClock } from '../kernel/clock.js';
import type { Database } from '../storage/schema.js';
import { type Repos, createRepos } from './repos.js';
import { translateStorageRace } from './storage-races.js';

export interface CommandContext {
  actor: OrgActor;
  repos: Repos;
  clock: Clock;
  /** Runs `fn` in one database transaction; nested calls reuse the outer one. */
  transaction<T>(fn: (ctx: CommandContext) => Promise<T>): Promise<T>;
}

/**
 * A context over a database handle. The handle is a private field, out of the context's shape
 * (use cases never hold one); a class rather than an object literal plus a WeakMap entry per
 * context, which every request paid for (issue 29, item 1).
 */
class Context implements CommandContext {
  readonly #handle: Kysely<Database>;
  readonly #inTransaction: boolean;
  readonly repos: Repos;

  constructor(
    handle: Kysely<Database>,
    readonly actor: OrgActor,
    readonly clock: Clock,
    inTransaction: boolean,
  ) {
    this.#handle = handle;
    this.#inTransaction = inTransaction;
    this.repos = createRepos(handle);
  }

  static handleOf(ctx: CommandContext): unknown {
    return #handle in ctx ? ctx.#handle : undefined;
  }

  transaction<T>(fn: (ctx: CommandContext) => Promise<T>): Promise<T> {
    if (this.#inTransaction) return fn(this);
    // The outermost transaction turns a race's constraint error into its 404/409 (storage-races.ts).
    return this.#handle
      .transaction()
      .execute((trx) => fn(new Context(trx, this.actor, this.clock, true)))
      .catch((error: unknown) => {
        throw translateStorageRace(error);
      });
  }
}

/**
 * An opaque token of the context's transaction, for `JobQueue.enqueue(…, { transaction })`: a
 * job queued with it exists only if the transaction commits (a run and its job together).
 */
export function transactionHandleOf(ctx: CommandContext): unknown {
  return Context.handleOf(ctx);
}

/** Builds a context over a database handle (the top-level db or a transaction). */
export function createContext(db: Kysely<Database>, actor: OrgActor, clock: Clock = systemClock, inTransaction = false): CommandContext {
  return new Context(db, actor, clock, inTransaction);
}
