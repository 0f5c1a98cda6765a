/**
 * Opens a customer's .docx as a Word template: the upload checks first (magic bytes, zip bombs,
 * size: extraction/validate-upload.ts — the same checks as any upload), then the refusals of a
 * hostile template (macros, external relationships), then every entry into memory. Nothing is
 * inflated before the central directory has been checked.
 */
import { validateUpload } from '../extraction/validate-upload.js';
import { readZipDirectory, readZipEntry } from '../extraction/zip-directory.js';
import type { TemplatePackage } from './docx-package-type.js';
import type { WordTemplateProblem } from './word-template-types.js';

/** Upload limits of a Word template: a letterhead and a few images, not a photo album. */
export const WORD_TEMPLATE_UPLOAD_LIMITS = { max_size_bytes: 20 * 1024 * 1024, max_uncompressed_bytes: 64 * 1024 * 1024, accepted_kinds: ['docx' as const] };

export interface OpenedTemplate {
  /** Null when the file cannot be used at all (then `problems` says why). */
  pkg: TemplatePackage | null;
  problems: WordTemplateProblem[];
}

const error = (code: WordTemplateProblem['code'], message: string): WordTemplateProblem => ({ code, severity: 'error', message, location: null });

function readEntries(buffer: Buffer): TemplatePackage | null {
  const directory = readZipDirectory(buffer);
  if (!directory) return null;
  const pkg: TemplatePackage = new Map();
  const decoder = new TextDecoder();
  for (const entry of directory.entries) {
    if (entry.name.endsWith('/')) continue;
    const data = readZipEntry(buffer, entry, WORD_TEMPLATE_UPLOAD_LIMITS.max_uncompressed_bytes);
    if (data === null) return null;
    pkg.set(entry.name, /\.(xml|rels)$/i.test(entry.name) ? decoder.decode(data) : new Uint8Array(data));
  }
  return pkg.has('[Content_Types].xml') && pkg.has('word/document.xml') ? pkg : null;
}

/** Macros in the package: a VBA project, or a macro-enabled main part. */
function macroProblems(pkg: TemplatePackage): WordTemplateProblem[] {
  const vba = [...pkg.keys()].find((path) => /(^|\/)vbaProject\.bin$/i.test(path));
  const types = pkg.get('[Content_Types].xml');
  const macroEnabled = typeof types === 'string' && /macroEnabled/i.test(types);
  if (!vba && !macroEnabled) return [];
  return [error('macros', `the file contains macros (${vba ?? 'a macro-enabled document'}): save it as a .docx without macros`)];
}

/** Relationships to outside the file (an attached template, linked images, a subdocument, an OLE link): only hyperlinks may point out. */
function externalProblems(pkg: TemplatePackage): WordTemplateProblem[] {
  const problems: WordTemplateProblem[] = [];
  for (const [path, xml] of pkg) {
    if (!path.endsWith('.rels') || typeof xml !== 'string') continue;
    for (const [relationship] of xml.matchAll(/<Relationship\b[^>]*>/g)) {
      if (!/TargetMode\s*=\s*["']External["']/i.test(relationship)) continue;
      const type = /\bType\s*=\s*["']([^"']*)["']/.exec(relationship)?.[1] ?? '';
      if (/\/hyperlink$/.test(type)) continue;
      const target = /\bTarget\s*=\s*["']([^"']*)["']/.exec(relationship)?.[1] ?? '';
      const kind = type.slice(type.lastIndexOf('/') + 1) || 'relationship';
      problems.push(
        error('external-relationship', `${path} links to a file outside the document (${kind}: ${target.slice(0, 200)}): embed it or remove the link`),
      );
    }
  }
  return problems;
}

export async function openTemplate(bytes: Uint8Array): Promise<OpenedTemplate> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const verdict = await validateUpload({ bytes: buffer, filename: 'template.docx', limits: WORD_TEMPLATE_UPLOAD_LIMITS });
  const refusals = verdict.problems.filter((problem) => problem.severity === 'error');
  if (refusals.length > 0) return { pkg: null, problems: refusals.map((problem) => error('not-a-docx', `not a usable .docx: ${problem.message}`)) };
  const pkg = readEntries(buffer);
  if (pkg === null) return { pkg: null, problems: [error('not-a-docx', 'not a usable .docx: the Word document part cannot be read')] };
  const macros = verdict.problems.some((problem) => problem.code === 'macro_enabled') && macroProblems(pkg).length === 0;
  const problems = [
    ...macroProblems(pkg),
    ...(macros ? [error('macros', 'the file is macro-enabled (.docm): save it as a .docx')] : []),
    ...externalProblems(pkg),
  ];
  return { pkg, problems };
}
