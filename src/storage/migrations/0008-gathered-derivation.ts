import type { Kysely } from 'kysely';

/**
 * The derivation record of each gathered row (issue #11): what the value was derived from, as
 * content hashes of its resolved inputs (JSON text). Null for rows gathered before it existed.
 * Portable DDL only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('gathered_values').addColumn('derivation_json', 'text').execute();
}
