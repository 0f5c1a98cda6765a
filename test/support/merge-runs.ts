/**
 * Merge runs written straight to a test server's store: many finished runs of one template,
 * created after every run already there, without rendering anything (a test that needs more runs
 * than a page, not their documents).
 */
import { newId } from '../../src/kernel/ids.js';
import { MergeRunRepository } from '../../src/modules/merge/merge-run.repository.js';
import type { TestServer } from './test-server.js';

/** `count` finished runs of the template `templateSlug` of `orgSlug`, one second apart, from a minute from now; their ids newest first. */
export async function insertFinishedMergeRuns(server: TestServer, orgSlug: string, templateSlug: string, count: number): Promise<string[]> {
  const db = server.store.db;
  const org = await db.selectFrom('organizations').select('id').where('slug', '=', orgSlug).executeTakeFirstOrThrow();
  const template = await db
    .selectFrom('documents')
    .select('id')
    .where('org_id', '=', org.id)
    .where('slug', '=', templateSlug)
    .where('is_template', '=', 1)
    .executeTakeFirstOrThrow();
  const repository = new MergeRunRepository(db);
  const from = Date.now() + 60_000;
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const at = new Date(from + i * 1000).toISOString();
    const run = await repository.insertRun(
      org.id,
      {
        id: newId('mrg'),
        template_id: template.id,
        template_slug: templateSlug,
        format: 'docx',
        file_name_pattern: '{{ row }}',
        status: 'finished',
        total_rows: 0,
        done_rows: 0,
        failed_rows: 0,
        error: null,
        created_by: null,
        created_at: at,
        started_at: at,
        finished_at: at,
      },
      [],
    );
    ids.unshift(run.id);
  }
  return ids;
}
