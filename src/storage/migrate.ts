/**
 * Runs the portable migrations at start. Kysely's migrator records what ran, so a second run is
 * a no-op, and takes a lock so two processes starting together do not both migrate.
 */
import { type DatabaseIntrospector, type Kysely, type Migration, type MigrationProvider, type MigrationResultSet, Migrator, sql } from 'kysely';
import * as m0001 from './migrations/0001-identity.js';
import * as m0002 from './migrations/0002-documents.js';
import * as m0003 from './migrations/0003-jobs.js';
import * as m0004 from './migrations/0004-library.js';
import * as m0005 from './migrations/0005-tools.js';
import * as m0006 from './migrations/0006-generation.js';
import * as m0007 from './migrations/0007-assessments.js';
import * as m0008 from './migrations/0008-gathered-derivation.js';
import * as m0009 from './migrations/0009-entities.js';
import * as m0010 from './migrations/0010-roles.js';
import * as m0011 from './migrations/0011-event-sequence.js';
import * as m0012 from './migrations/0012-job-engine.js';
import * as m0013 from './migrations/0013-blobs.js';
import * as m0014 from './migrations/0014-run-credentials.js';
import * as m0015 from './migrations/0015-webhooks.js';
import * as m0016 from './migrations/0016-organization-settings.js';
import * as m0017 from './migrations/0017-page-images.js';
import * as m0018 from './migrations/0018-document-revisions.js';
import * as m0019 from './migrations/0019-organization-revisions.js';
import * as m0020 from './migrations/0020-extracted-items-document-order.js';
import * as m0021 from './migrations/0021-document-title-search.js';
import * as m0022 from './migrations/0022-document-title-order.js';
import * as m0023 from './migrations/0023-word-templates.js';
import * as m0024 from './migrations/0024-merge-runs.js';
import * as m0025 from './migrations/0025-issuer-memories.js';
import * as m0026 from './migrations/0026-live-changes.js';
import * as m0027 from './migrations/0027-collaboration.js';
import * as m0028 from './migrations/0028-section-drafts.js';
import * as m0029 from './migrations/0029-deployment-keys.js';
import * as m0030 from './migrations/0030-item-tallies.js';
import * as m0031 from './migrations/0031-merge-runs-by-template.js';
import type { Database } from './schema.js';

/** Migrations in order; add new ones at the end, never edit a released one. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-identity': m0001,
  '0002-documents': m0002,
  '0003-jobs': m0003,
  '0004-library': m0004,
  '0005-tools': m0005,
  '0006-generation': m0006,
  '0007-assessments': m0007,
  '0008-gathered-derivation': m0008,
  '0009-entities': m0009,
  '0010-roles': m0010,
  '0011-event-sequence': m0011,
  '0012-job-engine': m0012,
  '0013-blobs': m0013,
  '0014-run-credentials': m0014,
  '0015-webhooks': m0015,
  '0016-organization-settings': m0016,
  '0017-page-images': m0017,
  '0018-document-revisions': m0018,
  '0019-organization-revisions': m0019,
  '0020-extracted-items-document-order': m0020,
  '0021-document-title-search': m0021,
  '0022-document-title-order': m0022,
  '0023-word-templates': m0023,
  '0024-merge-runs': m0024,
  '0025-issuer-memories': m0025,
  '0026-live-changes': m0026,
  '0027-collaboration': m0027,
  '0028-section-drafts': m0028,
  '0029-deployment-keys': m0029,
  '0030-item-tallies': m0030,
  '0031-merge-runs-by-template': m0031,
};

/** The names of every migration, in order (what a migrated database records). */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS);

class InCodeMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
}

/**
 * Brings the schema up to date.
 *
 * @throws Error when a migration fails (start-up stops; the failed migration's transaction is rolled back).
 */
export async function migrateToLatest(db: Kysely<Database>, schema: string | null = null): Promise<void> {
  await migrate(db, schema, (migrator) => migrator.migrateToLatest());
}

/**
 * Brings the schema up to the migration `name` and no further: a database as an older release
 * left it, for the tests of a later migration's back-fill.
 */
export async function migrateUpTo(db: Kysely<Database>, name: string, schema: string | null = null): Promise<void> {
  await migrate(db, schema, (migrator) => migrator.migrateTo(name));
}

async function migrate(db: Kysely<Database>, schema: string | null, run: (migrator: Migrator) => Promise<MigrationResultSet>): Promise<void> {
  // Name the schema: without it Kysely takes a migration table of ANY schema as ours.
  const migrator = new Migrator({
    db: schema ? listingOnlySchema(db, schema) : db,
    provider: new InCodeMigrationProvider(),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await run(migrator);
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * `db` for Kysely's migrator, whose introspection lists the tables of `schema` alone, from the
 * catalog. The migrator looks for its own two tables by listing every table of every schema with
 * their columns, looking privileges and sequences up by name; an object another process drops
 * or alters in that moment fails the listing (`schema "…" does not exist`, `column "…" of
 * relation "…" does not exist`: test files side by side, pg-boss migrating its own schema, or
 * several deployments in one database). It only needs the names, so it gets only ours, by
 * catalog joins that never look a name up. Everything else is the database handle itself.
 */
function listingOnlySchema(db: Kysely<Database>, schema: string): Kysely<Database> {
  const introspection: DatabaseIntrospector = {
    getSchemas: () => db.introspection.getSchemas(),
    getTables: async () => {
      const { rows } = await sql<{
        name: string;
      }>`select c.relname as name from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace where n.nspname = ${schema} and c.relkind in ('r', 'p')`.execute(
        db,
      );
      return rows.map((row) => ({ name: row.name, schema, isView: false, columns: [] }));
    },
    getMetadata: async () => ({ tables: await introspection.getTables() }),
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      // Kysely's methods read private fields: they must run on the handle itself.
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
