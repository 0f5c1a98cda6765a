/**
 * The versions of the engines an extraction ran on, reported with every result and in the
 * processor catalog: the same bytes give the same items only on the same engines, so a result
 * says which ones produced it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { popplerVersion, tesseractVersion } from './ocr-engine.js';
import type { PdfTextEngine } from './pdf-text-model.js';
import { pdftotextVersion } from './pdf-text-poppler.js';

/** What a processor reads; each kind names the engines that read it. */
export type EngineKind = 'pdf' | 'ocr' | 'docx' | 'sheet' | 'csv' | 'text';

const require = createRequire(import.meta.url);
// Versions do not change while the process runs, and the catalog asks for them on every listing.
const pkgVersions = new Map<string, string>();

/** Installed version of an npm package (read from its package.json), or 'unknown'. */
export function packageVersion(name: string): string {
  const cached = pkgVersions.get(name);
  if (cached) return cached;
  let version = 'unknown';
  try {
    // `require.resolve` gives the entry file, somewhere below the package root: walk up to the
    // package.json that carries this package's name (nested ones belong to sub-folders).
    let dir = dirname(require.resolve(name));
    for (let i = 0; i < 6; i++) {
      const f = join(dir, 'package.json');
      if (existsSync(f)) {
        const pkg = JSON.parse(readFileSync(f, 'utf8')) as { name?: string; version?: string };
        if (pkg.name === name && pkg.version) {
          version = pkg.version;
          break;
        }
      }
      dir = dirname(dir);
    }
  } catch {
    version = 'unknown';
  }
  pkgVersions.set(name, version);
  return version;
}

/**
 * Engine versions relevant to a kind (tesseract/poppler only when they are installed). A PDF's
 * text is read by poppler when it is installed, else by pdfjs, so both are listed here; a run
 * reports the ones that read its file (`pdfEngineVersions`).
 */
export async function engineVersions(kinds: EngineKind[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const k of kinds) {
    if (k === 'pdf') {
      out['pdfjs-dist'] = packageVersion('pdfjs-dist');
      const p = await pdftotextVersion();
      if (p) out.poppler = p;
    }
    if (k === 'docx') {
      out.mammoth = packageVersion('mammoth');
      out['fast-xml-parser'] = packageVersion('fast-xml-parser');
    }
    if (k === 'sheet') out.exceljs = packageVersion('exceljs');
    if (k === 'csv') out['csv-parse'] = packageVersion('csv-parse');
    if (k === 'text' || k === 'pdf' || k === 'docx') out['chrono-node'] = packageVersion('chrono-node');
    if (k === 'ocr') {
      const t = await tesseractVersion();
      const p = await popplerVersion();
      if (t) out.tesseract = t;
      if (p) out.poppler = p;
    }
  }
  return out;
}

/**
 * A PDF run's engine versions: `listed` (from `engineVersions`) with the PDF text engines
 * replaced by the one that read the file. poppler stays when OCR was possible: it draws the
 * pages tesseract reads.
 */
export function pdfEngineVersions(listed: Record<string, string>, used: PdfTextEngine, ocr: boolean): Record<string, string> {
  const out = { ...listed };
  delete out['pdfjs-dist'];
  if (!ocr) delete out.poppler;
  return { ...out, [used.name]: used.version };
}
