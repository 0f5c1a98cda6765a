/**
 * A Word template made ready to fill, once per template bytes: opened and checked, every templated
 * part turned into one Jinja source, the problems found on the way. Remembered by the hash of the
 * bytes (a bounded memo per thread: each tenant-code worker keeps its own), so a merge run that
 * fills the same template a thousand times opens and parses it once.
 */
import { createHash } from 'node:crypto';
import type { StoredZipEntry } from '../docx/deterministic-zip.js';
import { validateTemplateSyntax } from '../templating/index.js';
import { areaOf, templatedParts, type TemplatePackage } from './docx-package-type.js';
import { locateTags, TagBudgetExceeded, type LocatedTag, type TagCounter } from './located-tags.js';
import { walkPart } from './part-paragraphs.js';
import { partSource } from './part-source.js';
import { openTemplate } from './read-template-package.js';
import { syntaxProblems } from './tag-syntax.js';
import type { WordPartArea, WordTemplateProblem } from './word-template-types.js';

/** Tags one template may hold: the longest real templates have a few thousand; parsing and checking each costs. */
export const MAX_WORD_TEMPLATE_TAGS = 5_000;

export interface CompiledPart {
  path: string;
  area: WordPartArea;
  /** The part as one Jinja source (part-source.ts). */
  source: string;
  tags: LocatedTag[];
}

export interface CompiledWordTemplate {
  /** The template's entries; null when the file is not a usable .docx. */
  pkg: TemplatePackage | null;
  /** The parts that hold tags (the others are written back as they are). */
  parts: CompiledPart[];
  /** The XML stretches the parts' sources print by index (part-source.ts XML_CHUNKS). */
  chunks: string[];
  problems: WordTemplateProblem[];
  /** Deflated entries of the template, made at the first fill (zipPackage reuses the unchanged ones). */
  stored?: Map<string, StoredZipEntry>;
}

/** What compiling the parts gathers: the tag count against its budget, the XML stretches, the problems. */
interface Gathered {
  counter: TagCounter;
  chunks: string[];
  problems: WordTemplateProblem[];
}

function compilePart(pkg: TemplatePackage, path: string, { counter, chunks, problems }: Gathered): CompiledPart | null {
  const area = areaOf(path);
  const walked = walkPart(pkg.get(path) as string);
  const tags = locateTags(path, area, walked, counter);
  if (tags.length === 0) return null;
  const { source, problems: placement } = partSource(walked, area, tags, chunks);
  const syntax = syntaxProblems(tags);
  problems.push(...placement, ...syntax);
  if (syntax.length === 0) {
    // What the tag-by-tag checks cannot see (they passed): the part's source must parse as a whole.
    const whole = validateTemplateSyntax(source);
    if (whole !== null) problems.push({ code: 'syntax', severity: 'error', message: `${path}: ${whole}`, location: null });
  }
  return { path, area, source, tags };
}

let compilations = 0;

/** How many templates this thread has compiled (tests, benchmarks). */
export function wordTemplateCompilations(): number {
  return compilations;
}

async function compile(bytes: Uint8Array): Promise<CompiledWordTemplate> {
  compilations += 1;
  const { pkg, problems } = await openTemplate(bytes);
  if (pkg === null) return { pkg, parts: [], chunks: [], problems };
  const gathered: Gathered = { counter: { count: 0, budget: MAX_WORD_TEMPLATE_TAGS }, chunks: [], problems };
  const parts: CompiledPart[] = [];
  try {
    for (const path of templatedParts(pkg)) {
      const part = compilePart(pkg, path, gathered);
      if (part) parts.push(part);
    }
  } catch (error) {
    if (!(error instanceof TagBudgetExceeded)) throw error;
    return { pkg, parts: [], chunks: [], problems: [...problems, { code: 'too-many-tags', severity: 'error', message: error.message, location: null }] };
  }
  return { pkg, parts, chunks: gathered.chunks, problems };
}

/** At most this many templates, and this many characters of their XML and sources, are remembered per thread (the worker's heap is capped). */
export const MAX_REMEMBERED_WORD_TEMPLATES = 16;
export const MAX_REMEMBERED_WORD_TEMPLATE_CHARS = 24_000_000;

interface Remembered {
  compiled: Promise<CompiledWordTemplate>;
  /** Characters held (known once compiled; 0 until then). */
  chars: number;
}

const remembered = new Map<string, Remembered>();

/** Characters of text a compiled template holds: its XML parts and the Jinja sources. */
function charsOf(compiled: CompiledWordTemplate): number {
  let chars = 0;
  for (const value of compiled.pkg?.values() ?? []) if (typeof value === 'string') chars += value.length;
  for (const part of compiled.parts) chars += part.source.length;
  for (const chunk of compiled.chunks) chars += chunk.length;
  return chars;
}

/** Drops the least recently used templates past the bounds (the Map's order is the recency order). */
function evict(): void {
  let total = 0;
  for (const entry of remembered.values()) total += entry.chars;
  for (const [key, entry] of remembered) {
    if (remembered.size <= MAX_REMEMBERED_WORD_TEMPLATES && total <= MAX_REMEMBERED_WORD_TEMPLATE_CHARS) break;
    remembered.delete(key);
    total -= entry.chars;
  }
}

/** The compiled form of a template's bytes, compiled at most once while it stays remembered. */
export function compileWordTemplate(bytes: Uint8Array): Promise<CompiledWordTemplate> {
  const key = createHash('sha256').update(bytes).digest('base64');
  const hit = remembered.get(key);
  if (hit) {
    remembered.delete(key);
    remembered.set(key, hit);
    return hit.compiled;
  }
  const entry: Remembered = { compiled: compile(bytes), chars: 0 };
  remembered.set(key, entry);
  entry.compiled.then(
    (compiled) => {
      entry.chars = charsOf(compiled);
      evict();
    },
    () => remembered.delete(key),
  );
  evict();
  return entry.compiled;
}

/** How many compiled Word templates this thread remembers (tests, the cache inventory). */
export function rememberedWordTemplateCount(): number {
  return remembered.size;
}
