/**
 * A hot query built and compiled by Kysely once per database handle, then run by Kysely with each
 * call's values (issue 29, item 1; docs/adr/0311-hot-query-compiled-once-per-handle.md).
 *
 * Repositories are made per request (modules/repos.ts), so a compiled text kept on a repository
 * is compiled again on every request: for the cached document detail's revision read, building
 * and compiling the query cost several times what running it does. Keyed by the handle instead,
 * the application's database compiles it once for the process and a transaction's handle once
 * for that transaction (its entry goes with it).
 *
 * Not a second way to the data: the text is Kysely's own compilation for that handle (dialect,
 * plugins), and it runs through `db.executeQuery`, the same executor, connection provider, driver
 * and statement cache as every other query.
 */
import { type Compilable, type CompiledQuery, type Kysely, createQueryId } from 'kysely';
import type { Database } from './schema.js';

/** Where each bound parameter of the compiled text comes from: a call argument, or a value the query itself fixes. */
type Binding = { argument: number } | { value: unknown };

interface Compiled {
  query: CompiledQuery;
  bindings: Binding[];
}

/** An argument stand-in no caller passes: compiled in the argument's place, then found by identity among the parameters. */
class Placeholder {
  constructor(readonly index: number) {}
}

/**
 * Wraps `build` (which must give the same query shape for any values: no branching on them, no
 * value that changes the text, such as an array for `in`) into a function that compiles it once
 * per handle and runs it with the call's values bound in their places.
 */
export function compiledOnce<Args extends unknown[], Row>(
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
): (db: Kysely<Database>, ...args: Args) => Promise<Row[]> {
  const byHandle = new WeakMap<Kysely<Database>, Compiled>();
  const compile = (db: Kysely<Database>, arity: number): Compiled => {
    const placeholders = Array.from({ length: arity }, (_, index) => new Placeholder(index));
    const query = build(db, ...(placeholders as unknown as Args)).compile();
    const bindings = query.parameters.map((parameter): Binding => (parameter instanceof Placeholder ? { argument: parameter.index } : { value: parameter }));
    return { query, bindings };
  };
  return async (db, ...args) => {
    let compiled = byHandle.get(db);
    if (compiled === undefined) {
      compiled = compile(db, args.length);
      byHandle.set(db, compiled);
    }
    const { query, bindings } = compiled;
    const parameters = bindings.map((binding) => ('argument' in binding ? args[binding.argument] : binding.value));
    // A query id of its own per run: plugins key their per-query state by it.
    const result = await db.executeQuery<Row>({ sql: query.sql, query: query.query, parameters, queryId: createQueryId() });
    return result.rows;
  };
}
