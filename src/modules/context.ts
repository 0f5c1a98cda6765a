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

/** The database handle behind each context, kept out of its shape (use cases never hold one). */
const handles = new WeakMap<CommandContext, Kysely<Database>>();

/**
 * An opaque token of the context's transaction, for `JobQueue.enqueue(…, { transaction })`: a
 * job queued with it exists only if the transaction commits (a run and its job together).
 */
export function transactionHandleOf(ctx: CommandContext): unknown {
  return handles.get(ctx);
}

/** Builds a context over a database handle (the top-level db or a transaction). */
export function createContext(db: Kysely<Database>, actor: OrgActor, clock: Clock = systemClock, inTransaction = false): CommandContext {
  const ctx: CommandContext = {
    actor,
    repos: createRepos(db),
    clock,
    // The outermost transaction turns a race's constraint error into its 404/409 (storage-races.ts).
    transaction: (fn) =>
      inTransaction
        ? fn(ctx)
        : db
            .transaction()
            .execute((trx) => fn(createContext(trx, actor, clock, true)))
            .catch((error: unknown) => {
              throw translateStorageRace(error);
            }),
  };
  handles.set(ctx, db);
  return ctx;
}
