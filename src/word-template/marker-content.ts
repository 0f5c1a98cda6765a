import { CitationRegistry, describeSource } from '../docx/citations.js';
import type { Block, Inline } from '../docx/document-blocks.js';
import type { ConversionContext } from '../docx/markdown-to-blocks.js';
import { NumberingRegistry } from '../docx/numbering.js';
import type { WordTemplateFill } from './word-template-types.js';
import { composedToBlocks } from './section-blocks.js';

/**
 * Pass 1 of section placement: every marker the engine left (`<!--quire-section:KEY-->`, `*` for
 * `body()`) and the blocks it receives, converted in document order so citations are numbered
 * as a reader meets them.
 */

export const MARKER = /<!--quire-section:([^>]*?)-->/g;
export const BODY_KEY = '*';

export interface MarkerContent {
  /** Where the marker is in document.xml. */
  start: number;
  end: number;
  key: string;
  blocks: Block[];
  /** The marker is inside a table cell: the cell must keep a paragraph. */
  inCell: boolean;
  /** Notes of the template itself before the marker (ours after it are numbered from there). */
  templateNotesBefore: number;
}

function count(text: string, pattern: RegExp): number {
  return (text.match(pattern) ?? []).length;
}

function sourcesList(fill: WordTemplateFill): Block[] {
  const sorted = [...fill.composed.sources].sort((a, b) => a.n - b.n);
  const entries: Block[] = sorted.map((source) => {
    const { label, url, location } = describeSource(source);
    const inlines: Inline[] = [{ kind: 'text', text: `${label}.`, marks: {} }];
    if (url) inlines.push({ kind: 'text', text: ' ', marks: {} }, { kind: 'text', text: url, marks: {}, link: url });
    if (location) inlines.push({ kind: 'text', text: ` ${location}.`, marks: {} });
    return { kind: 'paragraph', inlines };
  });
  return [{ kind: 'heading', level: 1, inlines: [{ kind: 'text', text: 'Sources', marks: {} }], numbered: false }, ...entries];
}

function blocksFor(key: string, fill: WordTemplateFill, ctx: ConversionContext): Block[] {
  if (key === BODY_KEY) return fill.sections.flatMap((section) => section.blocks.flatMap((block) => composedToBlocks(block, ctx, block.kind === 'section')));
  // A key no section has receives nothing: the inspect report names it (`unknown-section`).
  const section = fill.sections.find((s) => s.key === key);
  return section ? section.blocks.flatMap((block) => composedToBlocks(block, ctx, false)) : [];
}

/** The markers of document.xml with their content, and the citation registry that numbered their notes. */
export function convertMarkers(documentXml: string, fill: WordTemplateFill): { markers: MarkerContent[]; citations: CitationRegistry } {
  const citations = new CitationRegistry(fill.composed.sources, fill.composed.render.citationStyle);
  const ctx: ConversionContext = { citations, numbering: new NumberingRegistry(), headingNumbering: false };
  const noteRef = citations.style === 'endnotes' ? /<w:endnoteReference\b/g : /<w:footnoteReference\b/g;
  const markers: MarkerContent[] = [];
  // Counted from the previous marker on, so a long document with many placeholders is read once.
  const seen = { at: 0, cellsOpen: 0, notes: 0 };
  for (const match of documentXml.matchAll(MARKER)) {
    const start = match.index ?? 0;
    const between = documentXml.slice(seen.at, start);
    seen.cellsOpen += count(between, /<w:tc[\s>]/g) - count(between, /<\/w:tc>/g);
    seen.notes += count(between, noteRef);
    seen.at = start;
    markers.push({
      start,
      end: start + match[0].length,
      key: match[1],
      blocks: blocksFor(match[1], fill, ctx),
      inCell: seen.cellsOpen > 0,
      templateNotesBefore: seen.notes,
    });
  }
  // With "[n]" brackets, the numbers name a Sources list: it follows the last generated section.
  const last = markers[markers.length - 1];
  if (last && citations.style === 'brackets' && fill.composed.sources.length > 0) last.blocks.push(...sourcesList(fill));
  return { markers, citations };
}
