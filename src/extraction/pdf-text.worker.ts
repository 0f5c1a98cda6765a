/**
 * Pooled worker thread: reads PDFs with the pdfjs-dist legacy build. `extract` sends each page's
 * positioned text as soon as it is read (one conversation step per page) and ends with the
 * document's facts; `inspect` answers quick facts. The thread outlives its tasks, so pdfjs is
 * loaded and compiled once, not per file. `pdf-text.ts` enforces the time and heap budgets (the
 * pool replaces a worker that runs out); the page budget is applied here.
 */
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { type PoolConversation, serveWorkerPoolTasks } from '../kernel/worker-pool-server.js';
import type { PDFDocumentProxy, PDFPageProxy, PageViewport } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type {
  PdfError,
  PdfFormField,
  PdfInspection,
  PdfExtractSummary,
  PdfWorkerRequest,
  PdfWorkerResponse,
  PositionedLine,
  PositionedPage,
  PositionedWord,
} from './pdf-text-model.js';
import { layerVerdict, pagesOfPart } from './pdf-text-model.js';
import { type Extent, assemblePage, groupIntoLines, normalisedBox, unionExtent } from './positioned-page.js';
import { round4 } from './text-quality.js';
import type { Box } from './types.js';

interface RawItem {
  str: string;
  x0: number;
  x1: number;
  top: number;
  bottom: number;
  size: number;
}

function isTextItem(v: unknown): v is { str: string; transform: number[]; width: number; height: number } {
  return typeof v === 'object' && v !== null && 'str' in v && 'transform' in v;
}

function normBox(x0: number, top: number, x1: number, bottom: number, vp: PageViewport): Box {
  return normalisedBox({ x0, x1, top, bottom }, vp.width, vp.height);
}

function toViewportBox(vp: PageViewport, pts: Array<[number, number]>): { x0: number; x1: number; top: number; bottom: number } {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [px, py] of pts) {
    const [vx, vy] = vp.convertToViewportPoint(px, py) as [number, number];
    xs.push(vx);
    ys.push(vy);
  }
  return { x0: Math.min(...xs), x1: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
}

/** Converts pdfjs text items into viewport-space boxes (top-left origin, points). */
function rawItems(items: unknown[], vp: PageViewport): RawItem[] {
  const out: RawItem[] = [];
  for (const it of items) {
    if (!isTextItem(it) || it.str.length === 0) continue;
    const [a, b, c, d, e, f] = it.transform;
    const size = Math.hypot(c, d) || it.height || Math.hypot(a, b);
    if (!size) continue;
    const wl = Math.hypot(a, b) || 1;
    const ux = a / wl;
    const uy = b / wl;
    const hl = Math.hypot(c, d) || 1;
    const vx = c / hl;
    const vy = d / hl;
    const w = it.width;
    // Glyph box from 0.2 em below the baseline to 0.8 em above it.
    const lo: [number, number] = [e - 0.2 * size * vx, f - 0.2 * size * vy];
    const pts: Array<[number, number]> = [
      lo,
      [lo[0] + w * ux, lo[1] + w * uy],
      [lo[0] + size * vx, lo[1] + size * vy],
      [lo[0] + w * ux + size * vx, lo[1] + w * uy + size * vy],
    ];
    const bx = toViewportBox(vp, pts);
    out.push({ str: it.str, ...bx, size });
  }
  return out;
}

type CharPos = Extent;

/** Groups items into lines (by vertical centre) and builds text plus per-character positions. */
function buildLines(items: RawItem[]): Array<{ text: string; chars: CharPos[]; height: number }> {
  const groups = groupIntoLines(items);

  const lines: Array<{ text: string; chars: CharPos[]; height: number }> = [];
  for (const g of groups) {
    let text = '';
    const chars: CharPos[] = [];
    let prev: RawItem | null = null;
    for (const it of g) {
      if (prev) {
        const gap = it.x0 - prev.x1;
        if (gap > 0.1 * Math.min(prev.size, it.size) && !/\s$/.test(text) && !/^\s/.test(it.str)) {
          text += ' ';
          chars.push({ x0: prev.x1, x1: it.x0, top: Math.min(prev.top, it.top), bottom: Math.max(prev.bottom, it.bottom) });
        }
      }
      const n = it.str.length;
      for (let i = 0; i < n; i++) {
        chars.push({
          x0: it.x0 + ((it.x1 - it.x0) * i) / n,
          x1: it.x0 + ((it.x1 - it.x0) * (i + 1)) / n,
          top: it.top,
          bottom: it.bottom,
        });
      }
      text += it.str;
      prev = it;
    }
    // Trim, keeping positions aligned.
    let s = 0;
    let e = text.length;
    while (s < e && /\s/.test(text[s])) s++;
    while (e > s && /\s/.test(text[e - 1])) e--;
    if (e <= s) continue;
    const height = Math.max(...g.map((it) => it.bottom - it.top));
    lines.push({ text: text.slice(s, e), chars: chars.slice(s, e), height });
  }
  return lines;
}

async function readPage(page: PDFPageProxy, pageNumber: number, offset: number): Promise<PositionedPage> {
  const vp = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const lines = buildLines(rawItems(content.items, vp));
  const outLines: PositionedLine[] = [];
  let cursor = offset;
  for (const l of lines) {
    const words: PositionedWord[] = [];
    for (const m of l.text.matchAll(/\S+/g)) {
      const ws = m.index ?? 0;
      const we = ws + m[0].length;
      const u = unionExtent(l.chars.slice(ws, we));
      words.push({ text: m[0], box: normBox(u.x0, u.top, u.x1, u.bottom, vp), start: cursor + ws, end: cursor + we });
    }
    const lu = unionExtent(l.chars);
    outLines.push({
      text: l.text,
      box: normBox(lu.x0, lu.top, lu.x1, lu.bottom, vp),
      start: cursor,
      end: cursor + l.text.length,
      height: round4(l.height),
      words,
    });
    cursor += l.text.length + 1;
  }
  page.cleanup();
  return assemblePage({ page_number: pageNumber, width: vp.width, height: vp.height, rotation: vp.rotation }, outLines, offset);
}

interface FieldObject {
  type?: string;
  name?: string;
  value?: unknown;
  exportValues?: unknown;
  buttonValue?: unknown;
  rect?: number[];
  page?: number;
  readOnly?: boolean;
  editable?: boolean;
}

function asString(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return null;
}

/** True when a field (all its widgets) holds a value someone filled in. */
function isFilled(widgets: FieldObject[]): boolean {
  return widgets.some((w) => {
    if (w.type === 'text') return (asString(w.value) ?? '').trim() !== '';
    if (w.type === 'checkbox' || w.type === 'radiobutton') {
      const v = asString(w.value);
      return v !== null && v !== '' && v !== 'Off';
    }
    if (w.type === 'combobox' || w.type === 'listbox') return Array.isArray(w.value) ? w.value.length > 0 : (asString(w.value) ?? '').trim() !== '';
    return false;
  });
}

/** The fields (named, with at least one typed widget) and how many of them are filled in. */
function countFields(all: Record<string, FieldObject[]> | null): { count: number; filled: number } {
  let count = 0;
  let filled = 0;
  for (const name of Object.keys(all ?? {})) {
    const widgets = (all?.[name] ?? []).filter((w) => typeof w.type === 'string' && w.type !== '');
    if (widgets.length === 0) continue;
    count += 1;
    if (isFilled(widgets)) filled += 1;
  }
  return { count, filled };
}

async function readFields(doc: PDFDocumentProxy): Promise<PdfFormField[]> {
  const all = (await doc.getFieldObjects()) as unknown as Record<string, FieldObject[]> | null;
  if (!all) return [];
  const out: PdfFormField[] = [];
  const viewports = new Map<number, PageViewport>();
  const viewportOf = async (pageIndex: number): Promise<PageViewport | null> => {
    if (pageIndex < 0 || pageIndex >= doc.numPages) return null;
    const cached = viewports.get(pageIndex);
    if (cached) return cached;
    const vp = (await doc.getPage(pageIndex + 1)).getViewport({ scale: 1 });
    viewports.set(pageIndex, vp);
    return vp;
  };
  for (const name of Object.keys(all).sort()) {
    const widgets = all[name].filter((w) => typeof w.type === 'string' && w.type !== '' && Array.isArray(w.rect));
    if (widgets.length === 0) continue;
    const read = fieldValueOf(widgets);
    if (!read) continue;
    const { chosen } = read;
    const pageIndex = typeof chosen.page === 'number' ? chosen.page : -1;
    const vp = await viewportOf(pageIndex);
    let box: Box | null = null;
    if (vp && chosen.rect && chosen.rect.length === 4) {
      const [x1, y1, x2, y2] = vp.convertToViewportRectangle(chosen.rect) as number[];
      box = normBox(Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2), vp);
    }
    out.push({
      name,
      type: read.type,
      value: read.value,
      raw_value: Array.isArray(chosen.value) ? null : asString(chosen.value),
      page_number: vp ? pageIndex + 1 : null,
      page_size: vp ? { width: round4(vp.width), height: round4(vp.height) } : null,
      box,
      read_only: chosen.readOnly === true || chosen.editable === false,
    });
  }
  return out;
}

/**
 * A field's type and value from its widgets, and the widget that holds it (the checked box, the
 * selected radio button, else the first); null for a push button, which carries no value.
 */
function fieldValueOf(widgets: FieldObject[]): { type: PdfFormField['type']; value: PdfFormField['value']; chosen: FieldObject } | null {
  const t = widgets[0].type ?? '';
  const chosen = widgets[0];
  const raw = asString(chosen.value);
  if (t === 'text') return { type: 'text', value: raw ?? '', chosen };
  if (t === 'checkbox') {
    const on = widgets.find((w) => {
      const v = asString(w.value);
      return v !== null && v !== 'Off' && v !== '' && (asString(w.exportValues) === null || v === asString(w.exportValues));
    });
    return { type: 'checkbox', value: on !== undefined, chosen: on ?? chosen };
  }
  if (t === 'radiobutton') {
    const v = raw !== null && raw !== 'Off' && raw !== '' ? raw : null;
    // The widget whose own export value is the group's /V. (pdfjs does not expose /Opt, so
    // generators that write index export values — pdf-lib does — yield '0', '1', ….)
    const sel = v === null ? undefined : widgets.find((w) => (asString(w.exportValues) ?? asString(w.buttonValue)) === v);
    return { type: 'radio', value: v, chosen: sel ?? chosen };
  }
  if (t === 'combobox' || t === 'listbox') {
    return { type: 'choice', value: Array.isArray(chosen.value) ? chosen.value.map((x) => String(x)) : (raw ?? ''), chosen };
  }
  if (t === 'signature') return { type: 'signature', value: null, chosen };
  if (t === 'button') return null; // push buttons carry no value
  return { type: 'unknown', value: raw, chosen };
}

function classify(err: unknown): PdfError {
  const name = typeof err === 'object' && err !== null && 'name' in err ? String(err.name) : '';
  const message = err instanceof Error ? err.message : String(err);
  if (name === 'PasswordException') return { code: 'encrypted', message: `PDF is password-protected: ${message}` };
  if (name === 'InvalidPDFException' || name === 'FormatError' || name === 'MissingPDFException') {
    return { code: 'corrupt', message: `PDF cannot be read: ${message}` };
  }
  return { code: 'pdf_error', message: `PDF reading failed: ${message}` };
}

async function run(req: PdfWorkerRequest, conversation: PoolConversation): Promise<PdfWorkerResponse> {
  const task = pdfjs.getDocument({
    data: req.data,
    password: req.password,
    standardFontDataUrl: req.standard_font_data_url,
    cMapUrl: req.cmap_url,
    cMapPacked: true,
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
    verbosity: 0,
  });
  const doc = await task.promise;
  try {
    if (req.task === 'inspect') {
      const n = Math.min(doc.numPages, req.sample_pages);
      const sampled: Array<{ text_layer: string }> = [];
      for (let i = 1; i <= n; i++) sampled.push(await readPage(await doc.getPage(i), i, 0));
      const fields = countFields((await doc.getFieldObjects()) as unknown as Record<string, FieldObject[]> | null);
      const result: PdfInspection = {
        page_count: doc.numPages,
        text_layer: layerVerdict(sampled),
        sampled_pages: n,
        field_count: fields.count,
        filled_field_count: fields.filled,
        engine: { name: 'pdfjs-dist', version: pdfjs.version },
      };
      return { ok: true, task: 'inspect', result };
    }
    const n = Math.min(doc.numPages, req.max_pages);
    const { first, last } = pagesOfPart(n, req.part?.index ?? 0, req.part?.of ?? 1);
    const verdicts: Array<{ text_layer: string }> = [];
    // Every part counts offsets from 0; the caller shifts a later part's by the text before it.
    let offset = 0;
    // One page in flight: page i+1 is read while the caller takes page i (its reply is awaited
    // only before the next step, so reading never waits for the caller's event loop).
    let delivered: Promise<unknown> = Promise.resolve();
    for (let i = first; i <= last; i++) {
      const p = await readPage(await doc.getPage(i), i, offset);
      verdicts.push({ text_layer: p.text_layer });
      offset = p.text_end + 1; // '\f' between pages
      await delivered;
      delivered = conversation.ask(p);
    }
    await delivered;
    const result: PdfExtractSummary = {
      page_count: doc.numPages,
      pages_processed: Math.max(0, last - first + 1),
      truncated: n < doc.numPages,
      text_layer: layerVerdict(verdicts),
      fields: req.include_fields ? await readFields(doc) : [],
      engine: { name: 'pdfjs-dist', version: pdfjs.version },
    };
    return { ok: true, task: 'extract', result };
  } finally {
    await doc.destroy();
  }
}

// A bad PDF is an answer, not a failure of the task: the caller maps its code.
serveWorkerPoolTasks<PdfWorkerRequest, PdfWorkerResponse>((req, conversation) =>
  run(req, conversation).catch((err: unknown) => ({ ok: false, error: classify(err) }) satisfies PdfWorkerResponse),
);
