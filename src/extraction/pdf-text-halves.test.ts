/**
 * A long PDF is read by two threads at once, each reading half of its pages; what the caller
 * gets (pages in order, their text, boxes and offsets into the whole text) is what one thread
 * reading every page gives.
 */
import { describe, expect, it } from 'vitest';
import { extractPdfText, pdfWorkerStats } from './pdf-text.js';
import { MIN_PAGES_TO_SPLIT, pagesOfPart } from './pdf-text-model.js';
import { makeLongReportPdf } from './test-support/long-report-pdf.js';

describe('a long PDF read in two halves', () => {
  it('starts a second reader thread and gives the result one thread gives, page for page', async () => {
    const pdf = await makeLongReportPdf(41);
    const seen: number[] = [];
    const halves = await extractPdfText(pdf, { timeout_ms: 120_000, onPage: (page) => seen.push(page.page_number) });
    // Both reader threads were started for this one file (one thread reads one file at a time).
    expect(pdfWorkerStats().started).toBe(2);
    const one = await extractPdfText(pdf, { timeout_ms: 120_000, threads: 1 });
    if (!halves.ok || !one.ok) throw new Error('the PDF was not read');
    expect(seen).toEqual(Array.from({ length: 41 }, (_, i) => i + 1));
    expect(halves.value.pages_processed).toBe(41);
    expect(halves.value.text_layer).toBe('present');
    expect(halves).toEqual(one);
    // The second half's offsets point into the whole text, word by word.
    const page30 = halves.value.pages[29];
    expect(page30.lines[2].text).toBe('Invoice number: INV-0030');
    const word = page30.lines[2].words[2];
    expect(halves.value.text.slice(word.start, word.end)).toBe('INV-0030');
  });

  it('splits the pages into consecutive runs that cover each page once', () => {
    const counts = [1, MIN_PAGES_TO_SPLIT - 1, MIN_PAGES_TO_SPLIT, 41, 170, 300];
    const covered = counts.map((n) => {
      const [a, b] = [pagesOfPart(n, 0, 2), pagesOfPart(n, 1, 2)];
      return [
        ...Array.from({ length: a.last - a.first + 1 }, (_, i) => a.first + i),
        ...Array.from({ length: Math.max(0, b.last - b.first + 1) }, (_, i) => b.first + i),
      ];
    });
    expect(covered).toEqual(counts.map((n) => Array.from({ length: n }, (_, i) => i + 1)));
    expect(pagesOfPart(170, 0, 2)).toEqual({ first: 1, last: 85 });
    expect(pagesOfPart(170, 1, 2)).toEqual({ first: 86, last: 170 });
    expect(pagesOfPart(MIN_PAGES_TO_SPLIT - 1, 1, 2)).toEqual({ first: 1, last: 0 });
  });
});
