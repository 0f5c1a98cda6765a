/**
 * The merge runs list's pages by template (docs/adr/0786-merge-runs-by-template.md): every run of
 * one template once, newest and oldest first, alone or with a status, across runs that share a
 * creation time and among many runs of another template; and, on SQLite, that a page after a
 * cursor reads the template index from the cursor on (no sort of every later run, ADR 0661).
 */
import { CompiledQuery } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/support/dialects.js';
import { buildOrg } from '../../../test/support/factories.js';
import { useObservedStore } from '../../../test/support/observed-store.js';
import { newId } from '../../kernel/ids.js';
import { insertRows } from '../../storage/bulk-insert.js';
import { MergeRunRepository, type MergeRunsView } from './merge-run.repository.js';

const SIZE = 300;

describeEachDialect('merge runs list pages by template', (dialect) => {
  const h = useObservedStore(dialect, 'mrgpage');
  let orgId: string;
  /** Ids of the letter's runs oldest first (creation time, then id), with their status. */
  let letterOldestFirst: Array<{ id: string; status: string }>;

  beforeAll(async () => {
    orgId = (await buildOrg(h.store.db)).id;
    const other = (await buildOrg(h.store.db)).id;
    // Every third run is the letter's, every seventh finished; three runs share each second; the other organization has letters too.
    const rows = Array.from({ length: SIZE }, (_, i) => {
      const at = new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 3) * 1000).toISOString();
      return {
        id: newId('mrg'),
        org_id: i % 10 === 9 ? other : orgId,
        template_id: 'doc_x',
        template_slug: i % 3 === 0 ? 'letter' : 'memo',
        format: 'docx',
        file_name_pattern: '{{ row }}',
        status: i % 7 === 0 ? 'finished' : 'failed',
        total_rows: 0,
        done_rows: 0,
        failed_rows: 0,
        error: null,
        created_by: null,
        created_at: at,
        started_at: null,
        finished_at: null,
      };
    });
    await insertRows(h.store.db, 'merge_runs', rows, 100);
    letterOldestFirst = rows
      .filter((r) => r.org_id === orgId && r.template_slug === 'letter')
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || (a.id < b.id ? -1 : 1))
      .map(({ id, status }) => ({ id, status }));
  });

  async function everyPage(view: MergeRunsView, limit: number): Promise<string[]> {
    const repository = new MergeRunRepository(h.store.db);
    const ids: string[] = [];
    let after: { createdAt: string; id: string } | undefined;
    for (;;) {
      const runs = await repository.listRuns(orgId, limit, after, view);
      ids.push(...runs.map((r) => r.id));
      const last = runs.at(-1);
      if (runs.length < limit || !last || ids.length > SIZE) return ids;
      after = { createdAt: last.created_at, id: last.id };
    }
  }

  it("pages through one template's runs once, both ways, alone and with a status, across shared creation times", async () => {
    const ids = letterOldestFirst.map((r) => r.id);
    const finished = letterOldestFirst.filter((r) => r.status === 'finished').map((r) => r.id);
    expect(ids.length).toBeGreaterThan(50);
    expect(finished.length).toBeGreaterThan(5);
    expect(await everyPage({ template: 'letter', sort: 'oldest' }, 7)).toEqual(ids);
    expect(await everyPage({ template: 'letter' }, 7)).toEqual([...ids].reverse());
    expect(await everyPage({ template: 'letter', status: 'finished', sort: 'oldest' }, 2)).toEqual(finished);
    expect(await everyPage({ template: 'letter', status: 'finished' }, 2)).toEqual([...finished].reverse());
    expect(await everyPage({ template: 'nothing' }, 7)).toEqual([]);
  });

  it.runIf(dialect === 'sqlite')("SQLite: a template's page after a cursor reads the template index from the cursor on", async () => {
    const repository = new MergeRunRepository(h.store.db);
    const first = await repository.listRuns(orgId, 20, undefined, { template: 'letter', status: 'finished' });
    const last = first.at(-1);
    expect(last).toBeDefined();
    h.queries.length = 0;
    await repository.listRuns(orgId, 20, last && { createdAt: last.created_at, id: last.id }, { template: 'letter', status: 'finished' });
    const text = h.queries.find((q) => q.includes('from "merge_runs"')) ?? '';
    const { rows } = await h.store.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${text}`, Array((text.match(/\?/g) ?? []).length).fill(null)),
    );
    const plan = rows.map((r) => r.detail).join('\n');
    expect(plan).not.toMatch(/MULTI-INDEX OR|USE TEMP B-TREE FOR ORDER BY/);
    expect(plan).toContain('SEARCH merge_runs USING INDEX merge_runs_org_template_created_ix (org_id=? AND template_slug=? AND created_at<?)');
  });
});
