/**
 * Merge runs written straight to a test server's store: runs of one template in a given state,
 * without rendering anything (a test that needs more runs than a page, or a run in a state, not
 * their documents).
 */
import { newId } from '../../src/kernel/ids.js';
import { MergeRunRepository } from '../../src/modules/merge/merge-run.repository.js';
import type { TestServer } from './test-server.js';

/** One spreadsheet row of the built-in engagement letter, by its column names: a merge run's input. */
export const LETTER_ROW = {
  Client: 'Contoso GmbH',
  'Client contact person': 'Ada Lovelace',
  'firm name': 'Northwind LLP',
  Services: 'Tax advice',
  start_date: '2026-12-01',
  Fee: '12000',
  signatory: 'J. Smith',
};

export interface InsertedRuns {
  count: number;
  /** Every run's state (`finished` unless told). */
  status?: 'finished' | 'cancelled' | 'failed';
  /** The first run's creation time, from now (a minute after now unless told: after every run already there). */
  fromMs?: number;
}

/** Runs of the template `templateSlug` of `orgSlug`, one second apart; their ids newest first. */
export async function insertMergeRuns(server: TestServer, orgSlug: string, templateSlug: string, runs: InsertedRuns): Promise<string[]> {
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
  const from = Date.now() + (runs.fromMs ?? 60_000);
  const ids: string[] = [];
  for (let i = 0; i < runs.count; i++) {
    const at = new Date(from + i * 1000).toISOString();
    const run = await repository.insertRun(
      org.id,
      {
        id: newId('mrg'),
        template_id: template.id,
        template_slug: templateSlug,
        format: 'docx',
        file_name_pattern: '{{ row }}',
        status: runs.status ?? 'finished',
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
