/**
 * Where an uploaded .docx becomes a layout: body paragraphs as lines, table rows as lines of
 * cells (one segment per cell, its column as x), so the label and table rules read a docx the way
 * they read a page.
 */
import { type DocxBlock, readDocx } from '../docx-blocks.js';
import { engineVersions } from '../engine-versions.js';
import { type LayoutLine, splitTextSegments } from '../layout.js';
import { nativePage } from '../page-reports.js';
import { procError } from '../processing-error.js';
import { ratePageQuality } from '../text-quality.js';
import type { ExtractedItem, ProcessingWarning, ProcessorInput } from '../types.js';
import { zipBombError } from '../zip-bomb-check.js';
import { type LoadedDocument, unreadDocument } from './loaded-document.js';

/** Loads a docx into a layout: body paragraphs as lines, table rows as lines of cells. */
export async function loadDocx(input: ProcessorInput): Promise<LoadedDocument> {
  const versions = await engineVersions(['docx']);
  const bomb = zipBombError(input.bytes, 'docx');
  if (bomb) return unreadDocument('native', versions, [bomb]);
  let docx;
  try {
    docx = await readDocx(input.bytes);
  } catch (err) {
    return unreadDocument('native', versions, [procError('corrupt', 'source_unavailable', 'docx', `docx cannot be read: ${String(err)}`)]);
  }
  const warnings: ProcessingWarning[] = docx.messages.map((m) => ({ code: 'docx_conversion', message: m, page_number: null }));
  return {
    layout: { lines: layoutLines(docx.blocks), text_source: 'native', below_max_gap: 1.5 },
    text: docx.text,
    pages: [nativePage(ratePageQuality(docx.blocks.map((b) => b.text)))],
    errors: [],
    warnings,
    engine_versions: versions,
    fields: [],
    positioned: [],
  };
}

/** Body paragraphs as lines (one after the other), table cells as segments of their row's line. */
function layoutLines(blocks: DocxBlock[]): LayoutLine[] {
  const lines: LayoutLine[] = [];
  let y = 0;
  const rowLines = new Map<string, LayoutLine>();
  for (const b of blocks) {
    if (b.block_type === 'paragraph' || !b.table) {
      const line = paragraphLine(b, y++);
      if (line.segments.length > 0) lines.push(line);
      continue;
    }
    const { t, r, c } = b.table;
    const key = `${t}:${r}`;
    let line = rowLines.get(key);
    if (!line) {
      line = { group: `table:${t}`, page_number: null, y: r, h: 1, segments: [] };
      rowLines.set(key, line);
      lines.push(line);
    }
    const trimmed = b.text.trim();
    if (trimmed === '') continue;
    const lead = b.text.indexOf(trimmed);
    line.segments.push({
      text: trimmed,
      x0: c,
      x1: c + 1,
      raw: (a, e) => trimmed.slice(a, e),
      anchors: (a, e) => blockAnchors(b, lead + a, lead + e),
      ocr: () => null,
    });
  }
  return lines;
}

/** A paragraph as a line of the body, split into segments where its text has wide gaps. */
function paragraphLine(b: DocxBlock, y: number): LayoutLine {
  return {
    group: 'body',
    page_number: null,
    y,
    h: 1,
    segments: splitTextSegments(b.text).map((s) => ({
      text: b.text.slice(s.start, s.end),
      x0: s.start,
      x1: s.end,
      raw: (a, c) => b.text.slice(s.start + a, s.start + c),
      anchors: (a, c) => blockAnchors(b, s.start + a, s.start + c),
      ocr: () => null,
    })),
  };
}

/** Where a range of a block's text is: the block itself, and the span of the whole text when it has one. */
function blockAnchors(b: DocxBlock, s: number, e: number): ExtractedItem['provenance']['anchors'] {
  const out: ExtractedItem['provenance']['anchors'] = [
    { kind: 'docx_block', block_index: b.block_index, block_type: b.block_type, ...(b.table ? { table: b.table } : {}), start: s, end: e },
  ];
  if (b.text_start !== null) out.push({ kind: 'text_span', start: b.text_start + s, end: b.text_start + e, unit: 'utf16' });
  return out;
}
