/**
 * Writes the extraction gold set: N documents (invoices, receipts, statements, forms, letters and
 * payment reports; eight languages; thirteen layouts) as HTML, printed to text PDFs by LibreOffice, and every
 * `scanEvery`-th one also as a noisy scan (pdftoppm at 150 dpi, then ImageMagick: a slight
 * rotation, blur and noise). `answers.json` holds what an extractor should read from each.
 *
 * Generated files stay out of git (eval/gold/extraction/out/): the same seed writes the same
 * documents in about a minute. Usage: `npx tsx eval/gold/extraction/generate.ts [--count 72] [--out DIR]`.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { makeDocModel, type DocType, type GoldValue } from './documents.js';
import { issuerSeriesModels } from './issuer-series.js';
import { renderHtml } from './layouts.js';

const run = promisify(execFile);
export const GOLD_DIR = resolve(fileURLToPath(new URL('.', import.meta.url)), 'out');
/** Bump when the documents change, so a cached set is regenerated (6: the scans' noise is seeded). */
export const GOLD_VERSION = 6;

export interface GoldEntry {
  id: string;
  lang: string;
  type: DocType;
  layout: string;
  pdf: string;
  scan: string | null;
  answers: Record<string, GoldValue>;
  /** The tables printed in the text PDF, cell by cell (header row first). */
  tables: string[][][];
}

export interface GoldManifest {
  version: number;
  seed: number;
  documents: GoldEntry[];
}

export interface GenerateOptions {
  out?: string;
  count?: number;
  seed?: number;
  scanEvery?: number;
}

async function printPdfs(htmlDir: string, pdfDir: string, files: string[]): Promise<void> {
  // One LibreOffice start for the whole set; the Writer import (not Writer/Web) keeps table widths.
  // Its own profile, so a LibreOffice already running on the machine does not take the job over.
  const profile = `-env:UserInstallation=file://${join(tmpdir(), `quire-gold-lo-${process.pid}`)}`;
  const args = [
    profile,
    '--headless',
    '--infilter=HTML (StarWriter)',
    '--convert-to',
    'pdf:writer_pdf_Export',
    '--outdir',
    pdfDir,
    ...files.map((f) => join(htmlDir, f)),
  ];
  await run('soffice', args, { maxBuffer: 16 * 1024 * 1024, timeout: 600_000 });
}

/**
 * A scan: 150 dpi raster, rotated 0.6–1.4°, blurred and with Gaussian noise, as PNG. The noise is
 * seeded per document: ImageMagick's `+noise` draws from a fresh random seed otherwise, and two
 * generations of the same set then scored scan recall 0.76 and 0.80 with the same extractor.
 */
async function makeScan(pdf: string, png: string, i: number, seed: number): Promise<void> {
  const prefix = png.replace(/\.png$/, '.raw');
  await run('pdftoppm', ['-r', '150', '-png', '-gray', '-singlefile', '-f', '1', '-l', '1', pdf, prefix]);
  const angle = (i % 2 === 0 ? 1 : -1) * (0.6 + (i % 5) * 0.2);
  const args = [
    `${prefix}.png`,
    '-background',
    'white',
    '-rotate',
    String(angle),
    '-blur',
    '0x0.6',
    '-seed',
    String(seed * 1000 + i),
    '-attenuate',
    '0.4',
    '+noise',
    'Gaussian',
    png,
  ];
  await run('convert', args);
  await unlink(`${prefix}.png`);
}

/** Writes the gold set (or reuses it when the manifest on disk has the same version, seed and count). */
export async function generateGoldSet(options: GenerateOptions = {}): Promise<GoldManifest> {
  const out = options.out ?? GOLD_DIR;
  const count = options.count ?? 72;
  const seed = options.seed ?? 32;
  // Every 3rd: 3 and the 8 languages share no factor, so every language has scans (every 4th gave EN and ES only).
  const scanEvery = options.scanEvery ?? 3;
  const manifestPath = join(out, 'answers.json');
  if (existsSync(manifestPath)) {
    const old = JSON.parse(await readFile(manifestPath, 'utf8')) as GoldManifest;
    if (old.version === GOLD_VERSION && old.seed === seed && old.documents.length === count) return old;
  }
  for (const d of ['html', 'pdf', 'scan']) await mkdir(join(out, d), { recursive: true });
  const documents: GoldEntry[] = [];
  for (let i = 0; i < count; i++) {
    const m = makeDocModel(seed, i);
    await writeFile(join(out, 'html', `${m.id}.html`), renderHtml(m));
    const scan = i % scanEvery === 0 ? `scan/${m.id}.png` : null;
    documents.push({ id: m.id, lang: m.lang, type: m.type, layout: m.layout, pdf: `pdf/${m.id}.pdf`, scan, answers: m.answers, tables: m.tables });
  }
  await printPdfs(
    join(out, 'html'),
    join(out, 'pdf'),
    documents.map((d) => `${d.id}.html`),
  );
  for (const [i, d] of documents.entries()) if (d.scan) await makeScan(join(out, d.pdf), join(out, d.scan), i, seed);
  const manifest: GoldManifest = { version: GOLD_VERSION, seed, documents };
  await writeFile(manifestPath, JSON.stringify(manifest, null, 2));
  return manifest;
}

/** A document of an issuer series (the learning curve's gold set). */
export interface IssuerSeriesEntry extends Omit<GoldEntry, 'scan' | 'tables'> {
  issuer: string;
  /** 0 for the document a reviewer confirms or corrects, then 1, 2 … */
  position: number;
}

/** Bump when the issuer series change. */
export const ISSUER_SERIES_VERSION = 3;

/**
 * Writes the issuer series (eval/gold/extraction/issuer-series.ts) under `out/issuers`, as text
 * PDFs, or reuses them when the manifest on disk has the same version and seed.
 */
export async function generateIssuerSeries(options: { out?: string; seed?: number } = {}): Promise<IssuerSeriesEntry[]> {
  const out = join(options.out ?? GOLD_DIR, 'issuers');
  const seed = options.seed ?? 32;
  const manifestPath = join(out, 'answers.json');
  if (existsSync(manifestPath)) {
    const old = JSON.parse(await readFile(manifestPath, 'utf8')) as { version: number; seed: number; documents: IssuerSeriesEntry[] };
    if (old.version === ISSUER_SERIES_VERSION && old.seed === seed) return old.documents;
  }
  for (const d of ['html', 'pdf']) await mkdir(join(out, d), { recursive: true });
  const documents: IssuerSeriesEntry[] = [];
  for (const m of issuerSeriesModels(seed)) {
    await writeFile(join(out, 'html', `${m.id}.html`), renderHtml(m));
    documents.push({
      id: m.id,
      issuer: m.issuer,
      position: m.position,
      lang: m.lang,
      type: m.type,
      layout: m.layout,
      pdf: `issuers/pdf/${m.id}.pdf`,
      answers: m.answers,
    });
  }
  await printPdfs(
    join(out, 'html'),
    join(out, 'pdf'),
    documents.map((d) => `${d.id}.html`),
  );
  await writeFile(manifestPath, JSON.stringify({ version: ISSUER_SERIES_VERSION, seed, documents }, null, 2));
  return documents;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (name: string): string | undefined => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const m = await generateGoldSet({ out: arg('out'), count: arg('count') ? Number(arg('count')) : undefined });
  const langs = new Set(m.documents.map((d) => d.lang)).size;
  const layouts = new Set(m.documents.map((d) => d.layout)).size;
  console.log(`${m.documents.length} documents, ${langs} languages, ${layouts} layouts, ${m.documents.filter((d) => d.scan).length} scans`);
  const series = await generateIssuerSeries({ out: arg('out') });
  console.log(`${series.length} issuer-series documents, ${new Set(series.map((d) => d.issuer)).size} issuers`);
}
