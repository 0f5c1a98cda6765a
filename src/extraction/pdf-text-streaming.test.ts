/**
 * The PDF reader as a long-lived worker that hands pages over as it reads them: a second file
 * costs no thread start (and no pdfjs load), pages arrive in order while the read is under way,
 * and a read stopped after its first page ends as a clear error with that page delivered.
 */
import { describe, expect, it } from 'vitest';
import { extractPdfText, pdfWorkerStats } from './pdf-text.js';
import type { PositionedPage } from './pdf-text-model.js';
import { makeLongReportPdf } from './test-support/long-report-pdf.js';

describe('PDF reading in a page-streaming worker', () => {
  it('reads one PDF after another in the same worker', async () => {
    const pdf = await makeLongReportPdf(3);
    const first = await extractPdfText(pdf, { timeout_ms: 120_000 });
    expect(first.ok).toBe(true);
    const startedAfterFirst = pdfWorkerStats().started;
    const second = await extractPdfText(pdf, { timeout_ms: 120_000 });
    const third = await extractPdfText(pdf, { timeout_ms: 120_000 });
    expect(pdfWorkerStats().started).toBe(startedAfterFirst);
    // The same text and boxes every time: a reused worker keeps nothing of the previous file.
    expect(second).toEqual(first);
    expect(third).toEqual(first);
  });

  it('hands each page over as it is read, in page order, with offsets into the whole text', async () => {
    const seen: PositionedPage[] = [];
    const res = await extractPdfText(await makeLongReportPdf(12), { timeout_ms: 120_000, onPage: (page) => seen.push(page) });
    if (!res.ok) throw new Error(res.error.message);
    expect(seen.map((p) => p.page_number)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(res.value.pages).toEqual(seen);
    expect(seen[11].lines[2].text).toBe('Invoice number: INV-0012');
    for (const page of seen) expect(res.value.text.slice(page.text_start, page.text_end)).toBe(page.text);
  });

  it('stops a read after its first page with a clear error, page 1 already delivered', async () => {
    const abort = new AbortController();
    const seen: number[] = [];
    const res = await extractPdfText(await makeLongReportPdf(60), {
      timeout_ms: 120_000,
      signal: abort.signal,
      onPage: (page) => {
        seen.push(page.page_number);
        abort.abort();
      },
    });
    expect(res).toEqual({ ok: false, error: { code: 'worker_failed', message: 'PDF reading was cancelled' } });
    expect(seen[0]).toBe(1);
    expect(seen.length).toBeLessThan(60);
    // The next read gets a fresh worker and the whole file.
    const again = await extractPdfText(await makeLongReportPdf(2), { timeout_ms: 120_000 });
    expect(again.ok && again.value.pages.length).toBe(2);
  });
});
