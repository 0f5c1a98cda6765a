import type { SectionBlock } from './composed-document.js';
import type { Block, Inline, TableCellBlock } from './document-blocks.js';
import { inlineMarkdownToInlines, lexMarkdown, textToInlines, tokensToBlocks, type ConversionContext } from './markdown-to-blocks.js';
import { BULLETS } from './numbering.js';

/**
 * A section's content → blocks, according to its output type. Sections are Heading 1, so
 * headings inside their Markdown start at level 2.
 */

const SECTION_CONTENT_TOP_HEADING = 2;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

export function sectionContentToBlocks(section: SectionBlock, ctx: ConversionContext): Block[] {
  switch (section.outputType) {
    case 'markdown':
      return markdownBlocks(section.content, ctx);
    case 'string':
      return plainTextBlocks(section.content, ctx);
    case 'json':
      return jsonBlocks(section.content, ctx);
    case 'list':
      return listBlocks(section.content, ctx);
    case 'table':
      return tableBlocks(section.content, ctx);
    default:
      return plainTextBlocks(section.content, ctx);
  }
}

function markdownBlocks(markdown: string, ctx: ConversionContext): Block[] {
  return tokensToBlocks(lexMarkdown(markdown), ctx, { headings: { mode: 'outline', topLevel: SECTION_CONTENT_TOP_HEADING } });
}

/** Plain text: blank lines separate paragraphs, single newlines are line breaks. */
function plainTextBlocks(text: string, ctx: ConversionContext): Block[] {
  const blocks: Block[] = [];
  for (const para of text.split(/\r?\n\s*\r?\n/)) {
    if (!para.trim()) continue;
    const inlines: Inline[] = [];
    para.split(/\r?\n/).forEach((line, i) => {
      if (i > 0) inlines.push({ kind: 'lineBreak' });
      inlines.push(...textToInlines(line, ctx));
    });
    blocks.push({ kind: 'paragraph', inlines });
  }
  return blocks;
}

function parseJson(text: string): { ok: true; value: Json } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as Json };
  } catch {
    return { ok: false };
  }
}

function isRecord(value: Json): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function scalarText(value: Json): string {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function cellText(text: string, ctx: ConversionContext): TableCellBlock {
  return { inlines: textToInlines(text, ctx) };
}

/** A flat object reads best as a two-column key/value table; anything deeper as formatted JSON. */
function jsonBlocks(content: string, ctx: ConversionContext): Block[] {
  const parsed = parseJson(content);
  if (!parsed.ok) return [{ kind: 'code', text: content }];
  const value = parsed.value;
  if (isRecord(value)) {
    const entries = Object.entries(value);
    const flat = entries.length > 0 && entries.every(([, v]) => v === null || typeof v !== 'object');
    if (flat) {
      return [
        {
          kind: 'table',
          header: [cellText('Field', ctx), cellText('Value', ctx)],
          rows: entries.map(([k, v]) => [cellText(k, ctx), cellText(scalarText(v), ctx)]),
          align: [null, null],
        },
      ];
    }
  }
  return [{ kind: 'code', text: JSON.stringify(value, null, 2) }];
}

/** A JSON array of entries, or a Markdown list, or one entry per line. */
function listBlocks(content: string, ctx: ConversionContext): Block[] {
  const parsed = parseJson(content);
  let entries: string[];
  if (parsed.ok && Array.isArray(parsed.value)) {
    entries = parsed.value.map(scalarText);
  } else {
    const tokens = lexMarkdown(content).filter((t) => t.type !== 'space');
    if (tokens.length > 0 && tokens.every((t) => t.type === 'list')) return markdownBlocks(content, ctx);
    entries = content.split(/\r?\n/);
  }
  const instance = ctx.numbering.newInstance(BULLETS);
  return entries
    .filter((entry) => entry.trim() !== '')
    .map((entry) => ({
      kind: 'paragraph',
      inlines: inlineMarkdownToInlines(entry.trim(), ctx),
      list: { reference: BULLETS, level: 0, instance },
    }));
}

/** A JSON array of objects (columns in first-seen key order), or a GFM table in Markdown. */
function tableBlocks(content: string, ctx: ConversionContext): Block[] {
  const parsed = parseJson(content);
  if (parsed.ok && Array.isArray(parsed.value)) {
    const rows = parsed.value;
    if (rows.length > 0 && rows.every(isRecord)) {
      const columns: string[] = [];
      for (const row of rows) {
        if (!isRecord(row)) continue;
        for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
      }
      return [
        {
          kind: 'table',
          header: columns.map((c) => cellText(c, ctx)),
          rows: rows.map((row) =>
            columns.map((c) => ({ inlines: isRecord(row) && row[c] !== undefined ? inlineMarkdownToInlines(scalarText(row[c]), ctx) : [] })),
          ),
          align: columns.map(() => null),
        },
      ];
    }
    if (rows.length > 0 && rows.every(Array.isArray)) {
      // An array of arrays: the first row is the header, as in CSV.
      const [head, ...body] = rows.map((row) => (Array.isArray(row) ? row.map(scalarText) : []));
      const width = Math.max(...rows.map((row) => (Array.isArray(row) ? row.length : 0)));
      const pad = (cells: string[]): string[] => Array.from({ length: width }, (_, i) => cells[i] ?? '');
      return [
        {
          kind: 'table',
          header: pad(head).map((c) => cellText(c, ctx)),
          rows: body.map((row) => pad(row).map((c) => ({ inlines: inlineMarkdownToInlines(c, ctx) }))),
          align: Array.from({ length: width }, () => null),
        },
      ];
    }
  }
  return markdownBlocks(content, ctx);
}
