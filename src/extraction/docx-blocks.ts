/**
 * DOCX blocks: walks `word/document.xml` (jszip + fast-xml-parser, document order preserved)
 * into paragraphs and table cells with exact block indices for `docx_block` anchors, and maps
 * each block onto mammoth's raw text so `text_span` anchors index into the run text.
 *
 * Block numbering: every body-level `w:p` and every `w:tc` of a body-level `w:tbl` gets the next
 * index (0-based) in document order, empty paragraphs included; content controls (`w:sdt`) and
 * `w:customXml` are transparent. Nested tables are flattened into their cell's text (cells
 * joined by tabs, rows by newlines). `c` counts `w:tc` elements in the row (gridSpan not expanded).
 */

/** One block. */
export interface DocxBlock {
  block_index: number;
  block_type: 'paragraph' | 'table_cell';
  table?: { t: number; r: number; c: number };
  /** Paragraph style id (e.g. 'Heading1'), when set. */
  style: string | null;
  text: string;
  /** Offset of the block text in the mammoth text, or null when it could not be located. */
  text_start: number | null;
}

/** The read document. */
export interface DocxDocument {
  blocks: DocxBlock[];
  /** mammoth's raw text (paragraphs separated by blank lines). */
  text: string;
  /** mammoth's messages (unsupported features etc.). */
  messages: string[];
}

type XNode = Record<string, unknown>;

function tagOf(n: XNode): string | null {
  for (const k of Object.keys(n)) if (k !== ':@') return k;
  return null;
}

function childrenOf(n: XNode, tag: string): XNode[] {
  const c = n[tag];
  return Array.isArray(c) ? (c as XNode[]) : [];
}

function attr(n: XNode, name: string): string | null {
  const a = n[':@'];
  if (typeof a !== 'object' || a === null) return null;
  const v = (a as Record<string, unknown>)[`@_${name}`];
  return typeof v === 'string' ? v : null;
}

const SKIP = new Set(['w:del', 'w:delText', 'w:instrText', 'mc:Fallback', 'w:rPr', 'w:pPr', 'w:tblPr', 'w:trPr', 'w:tcPr', 'w:sectPr', 'w:fldData']);

/** Text of a subtree: runs, tabs and breaks; nested paragraphs by newline, nested tables by tab/newline. */
function textOf(nodes: XNode[]): string {
  let out = '';
  for (const n of nodes) {
    const tag = tagOf(n);
    if (tag === null) continue;
    if (tag === '#text') {
      continue; // text outside w:t (indentation) is not content
    }
    if (SKIP.has(tag)) continue;
    if (tag === 'w:t') {
      for (const c of childrenOf(n, tag)) if (typeof c['#text'] === 'string' || typeof c['#text'] === 'number') out += String(c['#text']);
    } else if (tag === 'w:tab' || tag === 'w:ptab') out += '\t';
    else if (tag === 'w:br' || tag === 'w:cr') out += '\n';
    else if (tag === 'w:noBreakHyphen') out += '-';
    else if (tag === 'w:p') out += (out === '' || out.endsWith('\n') ? '' : '\n') + textOf(childrenOf(n, tag));
    else if (tag === 'w:tbl') {
      const rows = childrenOf(n, tag)
        .filter((r) => tagOf(r) === 'w:tr')
        .map((r) =>
          childrenOf(r, 'w:tr')
            .filter((c) => tagOf(c) === 'w:tc')
            .map((c) => textOf(childrenOf(c, 'w:tc')))
            .join('\t'),
        );
      out += (out === '' || out.endsWith('\n') ? '' : '\n') + rows.join('\n');
    } else out += textOf(childrenOf(n, tag));
  }
  return out;
}

function paragraphStyle(p: XNode): string | null {
  for (const c of childrenOf(p, 'w:p')) {
    if (tagOf(c) !== 'w:pPr') continue;
    for (const s of childrenOf(c, 'w:pPr')) if (tagOf(s) === 'w:pStyle') return attr(s, 'w:val');
  }
  return null;
}

/** Walks body children (recursing through content controls) and appends blocks. */
function walkBody(nodes: XNode[], blocks: DocxBlock[], counters: { table: number }): void {
  for (const n of nodes) {
    const tag = tagOf(n);
    if (tag === 'w:p') {
      blocks.push({ block_index: blocks.length, block_type: 'paragraph', style: paragraphStyle(n), text: textOf(childrenOf(n, tag)), text_start: null });
    } else if (tag === 'w:tbl') {
      const t = counters.table++;
      let r = 0;
      for (const row of childrenOf(n, tag)) {
        if (tagOf(row) !== 'w:tr') continue;
        let c = 0;
        for (const cell of childrenOf(row, 'w:tr')) {
          if (tagOf(cell) !== 'w:tc') continue;
          blocks.push({
            block_index: blocks.length,
            block_type: 'table_cell',
            table: { t, r, c },
            style: null,
            text: textOf(childrenOf(cell, 'w:tc')),
            text_start: null,
          });
          c++;
        }
        r++;
      }
    } else if (tag === 'w:sdt') {
      for (const c of childrenOf(n, tag)) if (tagOf(c) === 'w:sdtContent') walkBody(childrenOf(c, 'w:sdtContent'), blocks, counters);
    } else if (tag === 'w:customXml') {
      walkBody(childrenOf(n, tag), blocks, counters);
    }
  }
}

/** Extracts the ordered block list of `word/document.xml`. Throws on a non-docx zip. */
export async function readDocxBlocks(bytes: Buffer): Promise<DocxBlock[]> {
  // Loaded on the first docx read, not at start-up (both sit on the start-up's import graph otherwise).
  const [{ default: JSZip }, { XMLParser }] = await Promise.all([import('jszip'), import('fast-xml-parser')]);
  const zip = await JSZip.loadAsync(bytes);
  const file = zip.file('word/document.xml');
  if (!file) throw new Error('word/document.xml is missing');
  const xml = await file.async('string');
  const parser = new XMLParser({ preserveOrder: true, ignoreAttributes: false, trimValues: false, parseTagValue: false, processEntities: true });
  const tree = parser.parse(xml) as XNode[];
  const doc = tree.find((n) => tagOf(n) === 'w:document');
  const body = doc ? childrenOf(doc, 'w:document').find((n) => tagOf(n) === 'w:body') : undefined;
  if (!body) throw new Error('w:body is missing');
  const blocks: DocxBlock[] = [];
  walkBody(childrenOf(body, 'w:body'), blocks, { table: 0 });
  return blocks;
}

/**
 * Reads a docx: blocks (exact indices) plus mammoth's raw text, with each block located in that
 * text by an in-order search (`text_start` null when mammoth renders it differently).
 */
export async function readDocx(bytes: Buffer): Promise<DocxDocument> {
  const blocks = await readDocxBlocks(bytes);
  // Loaded on first use: only docx sources need it.
  const { default: mammoth } = await import('mammoth');
  const raw = await mammoth.extractRawText({ buffer: bytes });
  const text = raw.value;
  let cursor = 0;
  for (const b of blocks) {
    if (b.text.trim() === '') continue;
    const at = text.indexOf(b.text, cursor);
    if (at >= 0) {
      b.text_start = at;
      cursor = at + b.text.length;
    }
  }
  return { blocks, text, messages: raw.messages.map((m) => `${m.type}: ${m.message}`) };
}
