/**
 * Per-page reports of a result: how each page was read (text layer, OCR, native), how well, and
 * how many items came from it.
 */
import { gradeFor } from './text-quality.js';
import type { ExtractedItem, PageReport } from './types.js';

/** Counts items per page from their page_region anchors (items without one count on page 1 for single-page kinds). */
export function countItemsPerPage(items: ExtractedItem[], pages: PageReport[]): PageReport[] {
  const single = pages.length === 1;
  return pages.map((p) => ({
    ...p,
    item_count: items.filter((it) => {
      const region = it.provenance.anchors.find((a) => a.kind === 'page_region');
      return region && region.kind === 'page_region' ? region.page_number === p.page_number : single;
    }).length,
  }));
}

/** A page report for a native (docx/xlsx/csv/text) source: one page, no OCR. */
export function nativePage(parseScore: number | null): PageReport {
  return { page_number: 1, method: 'native', parse_score: parseScore, ocr_score: null, grade: gradeFor(parseScore), item_count: 0, warnings: [] };
}
