/**
 * The ruling lines drawn on a PDF's pages (table borders), read from pdf.js operator lists: the
 * stroked and filled path segments that are horizontal or vertical, and the edges of thin or
 * outlined rectangles, in page coordinates normalised to [0,1] with a top-left origin — the
 * boxes of `PositionedWord`. What pdfplumber and camelot's "lattice" mode build tables from.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

const require = createRequire(import.meta.url);

/** A pdfjs asset folder as the filesystem path Node's pdfjs reads (as `pdf-text.ts` gives its worker). */
function pdfjsAssetUrl(sub: string): string {
  return join(dirname(require.resolve('pdfjs-dist/package.json')), sub) + '/';
}

/** A horizontal (`y0 === y1`) or vertical (`x0 === x1`) segment, normalised, top-left origin. */
export interface Ruling {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The rulings of one page. */
export interface PageRulings {
  page_number: number;
  horizontal: Ruling[];
  vertical: Ruling[];
}

type Matrix = [number, number, number, number, number, number];

const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];

/** pdf.js 5 path opcodes inside `constructPath`'s flat path data. */
const DRAW = { moveTo: 0, lineTo: 1, curveTo: 2, quadraticCurveTo: 3, closePath: 4 } as const;
/** How far from exactly horizontal/vertical a segment may be, in points; how thin a filled rectangle is a line. */
const STRAIGHT_TOLERANCE = 1;
const THIN_RECT = 3;

/** The points of one path's flat data (pdf.js 5), split into polylines at each moveTo. */
function polylines(data: ArrayLike<number>): Array<Array<[number, number]>> {
  const out: Array<Array<[number, number]>> = [];
  let cur: Array<[number, number]> = [];
  for (let i = 0; i < data.length;) {
    const op = data[i];
    if (op === DRAW.moveTo) {
      if (cur.length > 1) out.push(cur);
      cur = [[data[i + 1], data[i + 2]]];
      i += 3;
    } else if (op === DRAW.lineTo) {
      cur.push([data[i + 1], data[i + 2]]);
      i += 3;
    } else if (op === DRAW.curveTo) {
      cur.push([data[i + 5], data[i + 6]]);
      i += 7;
    } else if (op === DRAW.quadraticCurveTo) {
      cur.push([data[i + 3], data[i + 4]]);
      i += 5;
    } else {
      if (cur.length > 0) cur.push(cur[0]);
      i += 1;
    }
  }
  if (cur.length > 1) out.push(cur);
  return out;
}

/** Straight segments of a polyline in page points; a thin closed rectangle becomes its centre line. */
function straightSegments(points: Array<[number, number]>): Array<[number, number, number, number]> {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  if (points.length >= 4 && maxY - minY <= THIN_RECT && maxX - minX > THIN_RECT) return [[minX, (minY + maxY) / 2, maxX, (minY + maxY) / 2]];
  if (points.length >= 4 && maxX - minX <= THIN_RECT && maxY - minY > THIN_RECT) return [[(minX + maxX) / 2, minY, (minX + maxX) / 2, maxY]];
  const out: Array<[number, number, number, number]> = [];
  for (let i = 1; i < points.length; i++) {
    const [a, b] = [points[i - 1], points[i]];
    if (Math.abs(a[1] - b[1]) <= STRAIGHT_TOLERANCE || Math.abs(a[0] - b[0]) <= STRAIGHT_TOLERANCE) out.push([a[0], a[1], b[0], b[1]]);
  }
  return out;
}

/**
 * Reads the rulings of a page. Paths are drawn under the current transformation matrix, which
 * save/restore/transform change; clipping paths (pdf.js draws them with an `endPath`-like
 * render op) are kept too, as LibreOffice clips to cell borders only rarely and a page-sized
 * clip rectangle is dropped by the caller's size filter.
 */
export async function pageRulings(page: PDFPageProxy, pageNumber: number): Promise<PageRulings> {
  const { OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const ops = await page.getOperatorList();
  const [vx0, vy0, vx1, vy1] = page.view;
  const width = vx1 - vx0;
  const height = vy1 - vy0;
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  const stack: Matrix[] = [];
  const horizontal: Ruling[] = [];
  const vertical: Ruling[] = [];
  const norm = (x: number, y: number): [number, number] => [
    (ctm[0] * x + ctm[2] * y + ctm[4] - vx0) / width,
    (vy1 - (ctm[1] * x + ctm[3] * y + ctm[5])) / height,
  ];
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.transform) ctm = multiply(ctm, ops.argsArray[i] as Matrix);
    else if (fn === OPS.constructPath) {
      const paths = (ops.argsArray[i] as unknown[])[1] as Array<ArrayLike<number> | null>;
      for (const data of paths ?? []) {
        if (!data) continue;
        for (const line of polylines(data)) for (const seg of straightSegments(line)) addSegment(seg, norm, horizontal, vertical);
      }
    }
  }
  return { page_number: pageNumber, horizontal, vertical };
}

function addSegment(seg: [number, number, number, number], norm: (x: number, y: number) => [number, number], horizontal: Ruling[], vertical: Ruling[]): void {
  const [ax, ay] = norm(seg[0], seg[1]);
  const [bx, by] = norm(seg[2], seg[3]);
  const r: Ruling = { x0: Math.min(ax, bx), y0: Math.min(ay, by), x1: Math.max(ax, bx), y1: Math.max(ay, by) };
  // Page-sized frames (clip rectangles, backgrounds) are not table borders.
  if (r.x1 - r.x0 > 0.98 || r.y1 - r.y0 > 0.98) return;
  if (r.y1 - r.y0 <= 0.002 && r.x1 - r.x0 > 0.005) horizontal.push({ ...r, y0: (r.y0 + r.y1) / 2, y1: (r.y0 + r.y1) / 2 });
  else if (r.x1 - r.x0 <= 0.002 && r.y1 - r.y0 > 0.005) vertical.push({ ...r, x0: (r.x0 + r.x1) / 2, x1: (r.x0 + r.x1) / 2 });
}

/**
 * The rulings of every page of a PDF (up to `maxPages`); pages pdf.js cannot read give none, and
 * pages after `budgetMs` of reading give none either (their tables are then found by alignment
 * only): drawn lines improve tables, they never hold a run up.
 */
export async function readPdfRulings(bytes: Buffer, maxPages: number, budgetMs = 10_000): Promise<PageRulings[]> {
  const started = performance.now();
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // The same fonts and CMaps the text reader gets: an operator list reads every font the page uses.
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: pdfjsAssetUrl('standard_fonts'),
    cMapUrl: pdfjsAssetUrl('cmaps'),
    cMapPacked: true,
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  try {
    const out: PageRulings[] = [];
    for (let n = 1; n <= Math.min(doc.numPages, maxPages); n++) {
      if (performance.now() - started > budgetMs) break;
      try {
        out.push(await pageRulings(await doc.getPage(n), n));
      } catch {
        out.push({ page_number: n, horizontal: [], vertical: [] });
      }
    }
    return out;
  } finally {
    await doc.destroy();
  }
}
