/**
 * A merge run's events with two writers at once (its job and a cancel, ADR 0788), on both
 * databases: each append gets a number of its own, none is lost, and a batch stays contiguous.
 */
import { expect, it } from 'vitest';
import { useDbHarness } from '../../../test/support/db-harness.js';
import { describeEachDialect } from '../../../test/support/dialects.js';
import { buildOrg, buildTemplate } from '../../../test/support/factories.js';
import { RecordingQueue } from '../../../test/support/recording-queue.js';
import { startMergeRun } from './commands/start-merge-run.js';
import { tableOfJsonRows } from './merge-table.js';

describeEachDialect('merge run events with concurrent writers', (dialect) => {
  const h = useDbHarness(dialect);

  it('numbers every event once when appends and batches race', async () => {
    const org = await buildOrg(h.db);
    await buildTemplate(h.db, { orgId: org.id, slug: 'letter' });
    const ctx = h.contextFor(org);
    const run = await startMergeRun(ctx, new RecordingQueue(), 'letter', { table: tableOfJsonRows([{ a: '1' }]), format: 'docx' });
    const repo = ctx.repos.mergeRuns;
    const now = h.clock.now().toISOString();
    await Promise.all([
      repo.appendEvent(org.id, run.id, { event: 'merge_started' }, now),
      repo.appendEvents(
        org.id,
        run.id,
        [
          { event: 'row_done', row: 1 },
          { event: 'row_done', row: 2 },
        ],
        now,
      ),
      repo.appendEvent(org.id, run.id, { event: 'merge_ended' }, now),
      ctx.transaction((tx) => tx.repos.mergeRuns.appendEvent(org.id, run.id, { event: 'note' }, now)),
    ]);
    const events = await repo.listEventsSince(org.id, run.id, 0);
    expect(events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(events.map((e) => e.event).sort()).toEqual(['merge_ended', 'merge_started', 'note', 'row_done', 'row_done']);
    // The batch's two events are numbered together.
    const rows = events.filter((e) => e.event === 'row_done').map((e) => [e.seq, e.row]);
    expect(rows[1]?.[0]).toBe((rows[0]?.[0] as number) + 1);
    expect(rows.map((r) => r[1])).toEqual([1, 2]);
  });
});
