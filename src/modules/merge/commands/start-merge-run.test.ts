/** Starting a merge run on a real database (both dialects): what is written, what refuses the request, and tenancy. */
import { expect, it } from 'vitest';
import { DomainValidationError, NotFoundError } from '../../../kernel/errors.js';
import { useDbHarness } from '../../../../test/support/db-harness.js';
import { describeEachDialect } from '../../../../test/support/dialects.js';
import { buildField, buildOrg, buildTemplate } from '../../../../test/support/factories.js';
import { RecordingQueue } from '../../../../test/support/recording-queue.js';
import { tableOfJsonRows } from '../merge-table.js';
import { previewMergeRun } from '../queries/preview-merge-run.js';
import { startMergeRun } from './start-merge-run.js';

describeEachDialect('startMergeRun', (dialect) => {
  const h = useDbHarness(dialect);

  async function letterTemplate() {
    const org = await buildOrg(h.db);
    const template = await buildTemplate(h.db, { orgId: org.id, slug: 'letter' });
    await buildField(h.db, { orgId: org.id, documentId: template.id, key: 'client', label: 'Client name', value: '', isRequired: true });
    await buildField(h.db, { orgId: org.id, documentId: template.id, key: 'fee', label: 'Fee', value: '', valueType: 'number' });
    return { org, template };
  }

  it('writes the run, one pending row per table row with its fields and unique name, and its job', async () => {
    const { org, template } = await letterTemplate();
    const ctx = h.contextFor(org);
    const jobs = new RecordingQueue();
    const table = tableOfJsonRows([
      { 'Client Name': 'Acme', Fee: 10, Ignored: 'x' },
      { 'Client Name': 'Acme', Fee: 20 },
      { 'Client Name': '', Fee: 30 },
    ]);
    const run = await startMergeRun(ctx, jobs, 'letter', { table, format: 'docx', fileNamePattern: '{{ client }}' });
    expect(run).toMatchObject({ template_id: template.id, status: 'queued', total_rows: 3, created_by: 'tester@example.com' });
    const rows = await ctx.repos.mergeRuns.listRows(org.id, run.id, { limit: 10 });
    expect(rows.map((r) => [r.row_number, r.status, r.file_name, r.fields])).toEqual([
      [1, 'pending', 'Acme.docx', { client: 'Acme', fee: '10' }],
      [2, 'pending', 'Acme (2).docx', { client: 'Acme', fee: '20' }],
      // A blank required value does not refuse the request: the row will fail alone, saying why.
      [3, 'pending', 'row-3.docx', { client: '', fee: '30' }],
    ]);
    expect(jobs.enqueued).toEqual([{ name: 'merge-run', id: `merge-run:${run.id}`, payload: expect.objectContaining({ orgId: org.id, mergeRunId: run.id }) }]);
  });

  it('refuses values that can never fit and required fields no column fills, with nothing written', async () => {
    const { org } = await letterTemplate();
    const ctx = h.contextFor(org);
    const jobs = new RecordingQueue();
    const badFee = tableOfJsonRows([{ client: 'A', fee: 'ten' }]);
    await expect(startMergeRun(ctx, jobs, 'letter', { table: badFee, format: 'docx' })).rejects.toThrow(/row 1: field "fee" \(number\)/);
    const noClient = tableOfJsonRows([{ fee: 1 }]);
    await expect(startMergeRun(ctx, jobs, 'letter', { table: noClient, format: 'docx' })).rejects.toThrow(DomainValidationError);
    expect(await ctx.repos.mergeRuns.listRuns(org.id, 10)).toEqual([]);
    expect(jobs.enqueued).toEqual([]);
  });

  it('previews the same mapping and problems without writing, and says why a start would be refused', async () => {
    const { org } = await letterTemplate();
    const ctx = h.contextFor(org);
    const preview = await previewMergeRun(ctx, 'letter', { table: tableOfJsonRows([{ Customer: 'A', fee: 'ten' }]), format: 'pdf' });
    expect(preview.columns).toEqual([
      { column: 'Customer', field: null, by: null },
      { column: 'fee', field: 'fee', by: 'key' },
    ]);
    expect(preview.missingRequired).toEqual(['client']);
    expect(preview.rows).toEqual([{ row: 1, fileName: 'letter-1.pdf', fields: { fee: 'ten' } }]);
    expect(preview.refusal).toContain('"client"');
    expect(await ctx.repos.mergeRuns.listRuns(org.id, 10)).toEqual([]);
  });

  it("answers 404 for another organization's template", async () => {
    await letterTemplate();
    const other = await buildOrg(h.db);
    const table = tableOfJsonRows([{ client: 'A' }]);
    await expect(startMergeRun(h.contextFor(other), new RecordingQueue(), 'letter', { table, format: 'docx' })).rejects.toThrow(NotFoundError);
  });
});
