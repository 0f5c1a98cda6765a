import { describe, expect, it } from 'vitest';
import { runProcessor } from './processor-catalog.js';
import { extractionWorkerStats, runProcessorInWorker } from './run-processor-in-worker.js';
import { makeInvoicePdf, makeXlsx } from './test-support/fixtures.js';

const NOTES = Buffer.from('Vendor: Contoso Ltd\nInvoice number: INV-7\nTotal: $110.00\nContact: billing@contoso.test\n');

describe('runProcessorInWorker', () => {
  it('gives the same result as extracting in-process, for text, a PDF (its own worker inside) and a sheet', async () => {
    const cases: Array<[string, Parameters<typeof runProcessor>[1]]> = [
      ['prc_generic_fields', { bytes: NOTES, kind: 'text', filename: 'notes.txt' }],
      ['prc_generic_fields', { bytes: await makeInvoicePdf(), kind: 'pdf', filename: 'invoice.pdf' }],
      ['prc_table_rows', { bytes: await makeXlsx(), kind: 'xlsx', filename: 'rows.xlsx' }],
    ];
    for (const [processor, input] of cases) {
      const inWorker = await runProcessorInWorker(processor, input, { timeoutMs: 60_000, maxHeapMb: 512 });
      expect(inWorker.errors, `${processor} ${input.kind}`).toEqual([]);
      expect(inWorker.items.length, `${processor} ${input.kind}`).toBeGreaterThan(0);
      expect(inWorker).toEqual(await runProcessor(processor, input));
    }
  });

  it('passes on the policy errors of runProcessor', async () => {
    const result = await runProcessorInWorker('prc_table_rows', { bytes: NOTES, kind: 'text' }, { timeoutMs: 60_000, maxHeapMb: 512 });
    expect(result.errors).toEqual([expect.objectContaining({ code: 'unsupported_kind', category: 'policy' })]);
  });

  it('stops an extraction that runs past its time budget with a timeout error', async () => {
    const result = await runProcessorInWorker('prc_generic_fields', { bytes: NOTES, kind: 'text' }, { timeoutMs: 1, maxHeapMb: 512 });
    expect(result.items).toEqual([]);
    expect(result.errors).toEqual([expect.objectContaining({ code: 'processor_timeout', category: 'timeout', message: expect.stringMatching(/time budget/) })]);
  });

  it('stops an extraction that needs more than its heap budget with a capacity error', async () => {
    // The same budget is plenty for an ordinary file: it is the input that does not fit.
    const small = await runProcessorInWorker('prc_generic_fields', { bytes: NOTES, kind: 'text' }, { timeoutMs: 120_000, maxHeapMb: 64 });
    expect(small.errors).toEqual([]);
    const huge = Buffer.from(`Vendor: Contoso Ltd\n${'Total: $1.00 billing@contoso.test 12 May 2026\n'.repeat(400_000)}`);
    const result = await runProcessorInWorker('prc_generic_fields', { bytes: huge, kind: 'text' }, { timeoutMs: 120_000, maxHeapMb: 64 });
    expect(result.items).toEqual([]);
    expect(result.errors).toEqual([expect.objectContaining({ code: 'processor_out_of_memory', category: 'capacity' })]);
  });

  it('extracts file after file on the same long-lived worker, and a cancelled extraction costs only its worker', async () => {
    // A budget shape of its own, so this pool starts empty.
    const budget = { timeoutMs: 60_000, maxHeapMb: 320, workers: 1 };
    for (let i = 0; i < 3; i += 1) {
      const result = await runProcessorInWorker('prc_generic_fields', { bytes: NOTES, kind: 'text' }, budget);
      expect(result.items.length).toBeGreaterThan(0);
    }
    expect(extractionWorkerStats(budget)).toMatchObject({ started: 1, busy: 0, queued: 0 });

    const cancel = new AbortController();
    const cancelled = runProcessorInWorker('prc_generic_fields', { bytes: Buffer.from('Total: $1.00\n'.repeat(400_000)), kind: 'text' }, budget, cancel.signal);
    // Cancelled once a worker has taken it (not before it starts, which would prove less).
    await expect.poll(() => extractionWorkerStats(budget).busy, { timeout: 20_000, interval: 5 }).toBe(1);
    cancel.abort();
    expect((await cancelled).errors[0]?.message).toBe('extraction was cancelled');
    const after = await runProcessorInWorker('prc_generic_fields', { bytes: NOTES, kind: 'text' }, budget);
    expect(after.items.length).toBeGreaterThan(0);
    expect(extractionWorkerStats(budget).started).toBe(2);
  });
});
