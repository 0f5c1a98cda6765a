import type { Kysely } from 'kysely';

/**
 * The merge runs of one template, newest or oldest first (`GET /v1/merge-runs?template=`,
 * docs/adr/0786-merge-runs-by-template.md): the keyset `(created_at, id)` within the organization
 * and the template's slug, so a template's page is read from the index from the cursor on,
 * however many runs of other templates the organization has after it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('merge_runs_org_template_created_ix').on('merge_runs').columns(['org_id', 'template_slug', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('merge_runs_org_template_created_ix').execute();
}
