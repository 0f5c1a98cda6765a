/**
 * The lean path of a merge run on a real database (both dialects) with the real tenant-code pool
 * and blob store: a letter whose Word template reads fields only is made without a generation
 * run — each row's file is its document's `export.docx` — a row with a blank required value fails
 * saying why while the others are made, the stream has one event per row, and the run ends. A Word template that places a generated section keeps the full pipeline.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, expect, it } from 'vitest';
import { useDbHarness } from '../../../../test/support/db-harness.js';
import { describeEachDialect } from '../../../../test/support/dialects.js';
import { buildField, buildOrg, buildSection, buildTemplate } from '../../../../test/support/factories.js';
import { RecordingQueue } from '../../../../test/support/recording-queue.js';
import { paragraph, wordTemplateDocx } from '../../../../test/support/word-template-docx.js';
import type { ToolGateway } from '../../../pipeline/ports.js';
import { FakeModelGateway } from '../../../pipeline/test-support/fake-ports.js';
import type { PdfConverter } from '../../../pdf/pdf-converter.js';
import { LocalBlobStore } from '../../../storage/blobs/local-blob-store.js';
import { createContext } from '../../context.js';
import { exportDocx } from '../../export/queries/export-docx.js';
import { putWordTemplate } from '../../word-templates/commands/put-word-template.js';
import { executeMergeRun } from '../commands/execute-merge-run.js';
import { startMergeRun } from '../commands/start-merge-run.js';
import type { MergeRunPayload } from '../merge-job-type.js';
import { tableOfJsonRows } from '../merge-table.js';
import { fullPipelineReason } from './lean-merge-plan.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const noTools: ToolGateway = {
  call: () => Promise.reject(new Error('a lean merge calls no tool')),
  forwardsCaller: () => false,
};
const noPdf = {} as PdfConverter;

describeEachDialect('lean merge runs', (dialect) => {
  const h = useDbHarness(dialect);
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true }))));

  async function setUp(body: string[]) {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-lean-merge-'));
    dirs.push(dir);
    const blobs = new LocalBlobStore(path.join(dir, 'blobs'));
    const org = await buildOrg(h.db);
    const template = await buildTemplate(h.db, { orgId: org.id, slug: 'letter', title: 'Letter' });
    await buildField(h.db, { orgId: org.id, documentId: template.id, key: 'client', label: 'Client name', value: '', isRequired: true });
    await buildField(h.db, { orgId: org.id, documentId: template.id, key: 'fee', label: 'Fee', value: '' });
    // A section the letter does not show: generating it would be work for nothing.
    await buildSection(h.db, { orgId: org.id, documentId: template.id, key: 'summary', title: 'Summary', outputTemplate: 'For {{ client }}.' });
    const ctx = h.contextFor(org);
    const bytes = await wordTemplateDocx({ header: '{{ organization.name }}', body });
    const blob = await blobs.put(org.id, Readable.from([bytes]), { maxBytes: 10_000_000 });
    const put = await putWordTemplate(ctx, { blobs, uploads: { maxBytes: 10_000_000, maxPages: 100 } }, template, {
      field: 'file',
      filename: 'letter.docx',
      declared_mime_type: DOCX,
      blob,
    });
    expect(put.stored).toBe(true);
    const jobs = new RecordingQueue();
    const services = {
      model: new FakeModelGateway(),
      tools: noTools,
      jobs,
      contextFor: (actor: Parameters<typeof createContext>[1]) => createContext(h.db, actor, h.clock),
      price: { inputPerMTok: 0, outputPerMTok: 0 },
      secretKey: {} as never,
      blobs,
      pdf: noPdf,
    };
    return { org, ctx, jobs, services };
  }

  async function merge(setup: Awaited<ReturnType<typeof setUp>>, rows: Array<Record<string, string>>) {
    const run = await startMergeRun(setup.ctx, setup.jobs, 'letter', { table: tableOfJsonRows(rows), format: 'docx', fileNamePattern: '{{ client }}' });
    const payload = setup.jobs.enqueued.find((job) => job.name === 'merge-run')?.payload as MergeRunPayload;
    await executeMergeRun(setup.services, payload);
    return run;
  }

  it('makes each row its document without generating it: the file is the export, a blank required row fails saying why', async () => {
    const setup = await setUp([paragraph('Dear {{ cli', 'ent }},'), paragraph('Our fee is {{ fee }}.'), paragraph('Yours sincerely')]);
    const { org, ctx } = setup;
    const run = await merge(setup, [
      { client: 'Contoso', fee: '100' },
      { client: '', fee: '200' },
      { client: 'Globex', fee: '300' },
    ]);
    const rows = await ctx.repos.mergeRuns.listRows(org.id, run.id, { limit: 10 });
    expect(rows.map((r) => [r.row_number, r.status])).toEqual([
      [1, 'done'],
      [2, 'failed'],
      [3, 'done'],
    ]);
    expect(rows[1]?.error).toBe('the document is not ready to generate: Fill in the required field "Client name"');
    for (const row of rows.filter((r) => r.status === 'done')) {
      const documentId = row.document_id ?? '';
      const stored = await setup.services.blobs.read(org.id, row.blob_key ?? '');
      // The row's file is exactly what the document's export gives: one rendering path.
      expect(stored.equals((await exportDocx(ctx, { blobs: setup.services.blobs, staleness: setup.services }, documentId)).bytes)).toBe(true);
      expect((await ctx.repos.fields.listByDocument(org.id, documentId)).map((f) => [f.key, f.value])).toEqual([
        ['client', row.fields.client],
        ['fee', row.fields.fee],
      ]);
    }
    // No generation ran: the letter shows no section, so nothing was written for it.
    expect(await h.db.selectFrom('generation_runs').select('id').where('org_id', '=', org.id).execute()).toEqual([]);
    // The failed row's document is kept with its values, as the full path keeps it, to be completed.
    const failedDoc = await ctx.repos.documents.findById(org.id, rows[1]?.document_id ?? '');
    expect(failedDoc?.title).toBe('row-2');

    const events = await ctx.repos.mergeRuns.listEventsSince(org.id, run.id, 0);
    expect(events.map((e) => [e.event, e.row ?? null, e.done ?? null, e.failed ?? null])).toEqual([
      ['merge_started', null, 0, 0],
      ['row_done', 1, 1, 0],
      ['row_failed', 2, 1, 1],
      ['row_done', 3, 2, 1],
      ['merge_ended', null, 2, 1],
    ]);
    expect(await ctx.repos.mergeRuns.findRun(org.id, run.id)).toMatchObject({ status: 'finished', done_rows: 2, failed_rows: 1 });
  });

  it('keeps the full pipeline when the Word template places a generated section', async () => {
    const setup = await setUp([paragraph('Dear {{ client }},'), paragraph('{{ section("summary") }}')]);
    const run = await merge(setup, [{ client: 'Contoso', fee: '100' }]);
    const [row] = await setup.ctx.repos.mergeRuns.listRows(setup.org.id, run.id, { limit: 10 });
    expect(row?.status).toBe('done');
    const generated = await h.db.selectFrom('generation_runs').select(['document_id', 'status']).where('org_id', '=', setup.org.id).execute();
    expect(generated).toEqual([{ document_id: row?.document_id, status: 'finished' }]);
  });
});

it('names why a run takes the full pipeline', () => {
  const report = (over: object) => ({
    report: {
      valid: true,
      tags: [],
      names: [{ name: 'client', bindsTo: 'field', uses: 1 }],
      sections: [],
      styles: { found: {}, missing: [] },
      problems: [],
      ...over,
    },
  });
  const word = (over: object = {}) => report(over) as unknown as Parameters<typeof fullPipelineReason>[1];
  expect(fullPipelineReason({ format: 'docx' }, word(), 0)).toBeNull();
  expect(fullPipelineReason({ format: 'pdf' }, word(), 0)).toBe('the output is PDF');
  expect(fullPipelineReason({ format: 'docx' }, null, 0)).toBe('the template has no Word template');
  expect(fullPipelineReason({ format: 'docx' }, word({ names: [{ name: 'gathered.rates', bindsTo: 'gathered', uses: 1 }] }), 0)).toBe(
    'the Word template reads "gathered.rates" (gathered)',
  );
  expect(fullPipelineReason({ format: 'docx' }, word(), 2)).toBe('the template gathers data');
});
