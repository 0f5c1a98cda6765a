/**
 * A query built and compiled once per dialect, then only bound to new values. Kysely builds and
 * compiles a query's SQL on every call; for a small query that is a few microseconds, but the
 * document detail's one statement (four JSON subqueries naming 53 columns) took ~70 µs to build
 * against ~45 µs to run on SQLite, so rebuilding it would cost more than the queries it replaces.
 *
 * The builder is called once with a marker string per named parameter; the compiled SQL keeps
 * its placeholders and each marker in the parameter list is swapped for the caller's value. The
 * query's shape must therefore not depend on the values (no branching on them), which the
 * builder's signature cannot express: say so where you use it.
 */
import { type Compilable, CompiledQuery, type Kysely } from 'kysely';
import { type DialectName, dialectOf } from './dialect.js';
import { prepareOnPostgres } from './pg-prepared-statements.js';
import { readFromPool } from './postgres-read-direct.js';
import { readNow } from './sqlite-read-now.js';
import type { Database } from './schema.js';

const MARKER = '\u0000reusable-query-parameter:';

/** `run(db, values)` executes the query built by `build` with `values`, compiling it once per dialect. */
export function reusableQuery<K extends string, R>(names: readonly K[], build: (db: Kysely<Database>, values: Record<K, string>) => Compilable<R>) {
  const compiled = new Map<DialectName, { sql: string; parameters: readonly unknown[]; select: boolean }>();
  const markers = Object.fromEntries(names.map((name) => [name, `${MARKER}${name}`])) as Record<K, string>;
  const nameOf = new Map<unknown, K>(names.map((name) => [markers[name], name]));

  return async function run(db: Kysely<Database>, values: Record<K, string>): Promise<R[]> {
    const dialect = dialectOf(db);
    let template = compiled.get(dialect);
    if (!template) {
      const { sql, parameters, query } = build(db, markers).compile();
      template = { sql, parameters, select: query.kind === 'SelectQueryNode' };
      compiled.set(dialect, template);
      // The same text every call: PostgreSQL may keep it parsed (SQLite's statement cache does already).
      if (dialect === 'postgres') prepareOnPostgres(sql);
    }
    const parameters = template.parameters.map((p) => {
      const name = nameOf.get(p);
      return name === undefined ? p : values[name];
    });
    if (template.select) {
      // Outside a transaction, beside Kysely: SQLite at once (sqlite-read-now.ts), PostgreSQL
      // straight on the pool (postgres-read-direct.ts).
      const now = readNow<R>(db, template.sql, parameters);
      if (now !== undefined) return now;
      const pooled = readFromPool<R>(db, template.sql, parameters);
      if (pooled !== undefined) return pooled;
    }
    const result = await db.executeQuery<R>(CompiledQuery.raw(template.sql, parameters));
    return result.rows;
  };
}
