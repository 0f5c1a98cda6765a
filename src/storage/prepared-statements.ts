/**
 * Named (prepared) statements for the PostgreSQL pool (ADR 0821). Without a name, the backend
 * parses, analyses and plans every statement it is sent, and a generation run sends the same
 * few dozen texts every time: that was most of the backends' CPU per run. node-postgres prepares
 * a statement once per connection when the query has a `name`; Kysely (and pg-boss, through
 * engine-db.ts) call `client.query(text, values)`, so each pooled client's `query` is wrapped
 * here to name the statements worth it by a hash of their text.
 *
 * Bounded, because a prepared statement lives as long as its connection: a text is named only
 * once the pool has seen it `REPEATS` times (a text with values inlined, or an IN-list of a
 * length seen once, stays unnamed), and each connection holds at most `limit` names; past that
 * its new texts go unnamed. Only single statements that plan (select, insert, update, delete,
 * with) are named: DDL, `begin`/`commit`, `set` and anything with a `;` go as they were.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Times the pool must see a text before it is prepared: once is a text that may never come back. */
const REPEATS = 2;
/** Distinct texts whose counts are kept; past it the counts start over (a text seen again is counted again). */
const TRACKED_TEXTS = 4096;
const PLANNED = /^\s*(select|insert|update|delete|with)\b/i;
/**
 * The server's answers that mean a connection's prepared statement is no longer usable:
 * `0A000` "cached plan must not change result type" (a `select *` whose table gained a column in
 * a migration by another process), `26000` the statement is gone (a `DISCARD ALL`, a pooler).
 * That name is retired on that connection: the text runs unnamed there from then on, at once
 * when no transaction is open (the call answers as if nothing happened); inside one the error
 * has aborted the transaction, so that call fails and the caller's retry runs unnamed.
 */
const STALE = new Set(['0A000', '26000']);

interface Named {
  /** Statements this client has been asked to prepare, by name. */
  names: Set<string>;
  /** Names retired on this client after the server refused them. */
  retired: Set<string>;
  /** Whether a transaction is open on this client, from the `begin`/`commit`/`rollback` sent through it (Kysely's own). */
  inTransaction: boolean;
}

const BEGIN = /^\s*(begin|start transaction)\b/i;
const END = /^\s*(commit|rollback|end|abort)\s*$/i;

type Query = (...args: unknown[]) => unknown;

/** Counts texts across the pool and gives the name of those seen often enough. */
export class StatementNames {
  private readonly seen = new Map<string, number>();

  /** The name for `text`, or null when it is not (yet) worth preparing. */
  nameOf(text: string): string | null {
    if (text.includes(';') || !PLANNED.test(text)) return null;
    const count = (this.seen.get(text) ?? 0) + 1;
    if (count < REPEATS) {
      if (this.seen.size >= TRACKED_TEXTS) this.seen.clear();
      this.seen.set(text, count);
      return null;
    }
    if (count === REPEATS) this.seen.set(text, count);
    return `q_${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
  }
}

/**
 * Wraps `client.query` so that `query(text, values[, callback])` calls (Kysely's, pg's `pool.query`) go as named statements where
 * {@link StatementNames} says so and the client has room (`limit` names). Other call shapes
 * (a config object, a cursor) pass through untouched.
 */
export function prepareStatementsOn(client: pg.PoolClient, names: StatementNames, limit: number): void {
  const original = client.query.bind(client) as Query;
  const state: Named = { names: new Set(), retired: new Set(), inTransaction: false };
  const wrapped: Query = (...args) => {
    // Kysely calls `query(text, values)`; pg's `pool.query` calls `query(text, values, callback)`.
    const [text, values, callback] = args;
    const shape = typeof text === 'string' && (values === undefined || Array.isArray(values)) && (callback === undefined || typeof callback === 'function');
    if (!shape || args.length > 3) return original(...args);
    if (BEGIN.test(text as string)) state.inTransaction = true;
    else if (END.test(text as string)) state.inTransaction = false;
    const name = names.nameOf(text as string);
    if (name === null || state.retired.has(name) || (!state.names.has(name) && state.names.size >= limit)) return original(...args);
    state.names.add(name);
    const config = { name, text, values };
    /** True when the statement is retired and the call may run again unnamed (no transaction to have aborted). */
    const retire = (error: unknown): boolean => {
      const code = (error as { code?: unknown } | null)?.code;
      if (typeof code !== 'string' || !STALE.has(code)) return false;
      state.retired.add(name);
      return !state.inTransaction;
    };
    if (typeof callback === 'function')
      return original(config, (error: unknown, result: unknown) => {
        if (error && retire(error)) original(text, values, callback);
        else (callback as (e: unknown, r: unknown) => void)(error, result);
      });
    return (original(config) as Promise<unknown>).catch((error: unknown) => {
      if (retire(error)) return original(text, values);
      throw error;
    });
  };
  client.query = wrapped as typeof client.query;
}
