/**
 * Per-page reports of a result: how each page was read (text layer, OCR, native), how well, and
 * how many items came from it.
 */
import { gradeFor } from './text-quality.js';
import type { ExtractedItem, PageReport } from './types.js';

/** Counts items per page from their page_region anchors (items without one count on page 1 for single-page kinds). */
export function countItemsPerPage(items: ExtractedItem[], pages: PageReport[]): PageReport[] {
  const single = pages.length === 1;
  // One pass over the items (a 170-page PDF has thousands: a pass per page was quadratic).
  const perPage = new Map<number, number>();
  let unplaced = 0;
  for (const it of items) {
    const region = it.provenance.anchors.find((a) => a.kind === 'page_region');
    if (region && region.kind === 'page_region') perPage.set(region.page_number, (perPage.get(region.page_number) ?? 0) + 1);
    else unplaced += 1;
  }
  return pages.map((p) => ({ ...p, item_count: (perPage.get(p.page_number) ?? 0) + (single ? unplaced : 0) }));
}

/** A page report for a native (docx/xlsx/csv/text) source: one page, no OCR. */
export function nativePage(parseScore: number | null): PageReport {
  return { page_number: 1, method: 'native', parse_score: parseScore, ocr_score: null, grade: gradeFor(parseScore), item_count: 0, warnings: [] };
}
