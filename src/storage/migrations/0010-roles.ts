import type { Kysely } from 'kysely';

/**
 * Roles within an organization (kernel/roles.ts) and where a membership came from.
 *
 * Every existing membership becomes `owner`: before roles every member could do everything, so
 * nobody loses anything on upgrade (owners demote colleagues through /v1/members). `source` is
 * `local` (seeded, or added by an owner) or `claim` (granted by the OIDC organization claim, and
 * removed when the claim stops naming the organization). Existing rows are `local`: which of
 * them a claim granted was never recorded, and removing a membership on a guess is worse than
 * keeping one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('memberships')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('owner'))
    .execute();
  await db.schema
    .alterTable('memberships')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('local'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('memberships').dropColumn('source').execute();
  await db.schema.alterTable('memberships').dropColumn('role').execute();
}
