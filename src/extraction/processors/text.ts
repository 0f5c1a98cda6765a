/**
 * `prc_text`: plain text and Markdown. `Key: value` lines (known labels typed, others
 * `label.<slug>`), Markdown headings and list items, all with UTF-16 `text_span` anchors.
 */
import { extractEntities } from '../entities.js';
import { assignOccurrences, makeConfidence, makeItem, appendItems } from '../items.js';
import { extractLabelValues } from '../label-value.js';
import { textLines } from '../layout.js';
import type { ExtractedItem, ProcessorDefinition, ProcessorInput, ProcessorResult } from '../types.js';
import { isMarkdown, loadText } from '../loaders/text-to-layout.js';
import { countItemsPerPage } from '../page-reports.js';
import { strOpt } from '../processor-options.js';

/**
 * A heading's text without trailing spaces and without a closing `#` run, which counts only
 * when a space precedes it ("## Title ##" → "Title", "# C#" stays "C#"). A scan rather than a
 * regex, whose lazy match was quadratic on long lines.
 */
function headingText(rest: string): string {
  const text = rest.trimEnd();
  let end = text.length;
  while (end > 0 && text[end - 1] === '#') end--;
  if (end === text.length || (end > 0 && !/\s/.test(text[end - 1]))) return text;
  return text.slice(0, end).trimEnd();
}

/** Markdown headings and list items (list items holding a "Key: value" are left to the label rule). */
export function markdownItems(text: string): ExtractedItem[] {
  const items: ExtractedItem[] = [];
  let inFence = false;
  let heading: string | null = null;
  for (const l of textLines(text)) {
    if (/^\s*(```|~~~)/.test(l.text)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    const h = /^(#{1,6})\s+(.*)$/.exec(l.text);
    if (h) {
      const text = headingText(h[2]);
      if (text === '') continue;
      const start = l.start + l.text.length - h[2].length;
      heading = text;
      items.push(
        makeItem({
          key: 'markdown.heading',
          label: `Heading (level ${h[1].length})`,
          value_type: 'string',
          value: text,
          raw_text: text,
          text_source: 'native',
          anchors: [{ kind: 'text_span', start, end: start + text.length, unit: 'utf16' }],
          confidence: makeConfidence('markdown_structure', 0.95),
        }),
      );
      continue;
    }
    const li = /^(\s*)(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?(.*\S)\s*$/.exec(l.text);
    if (li && !/^[^:]{1,60}:\s*\S/.test(li[2].replace(/\*\*|__/g, ''))) {
      const start = l.start + l.text.indexOf(li[2], li[1].length);
      items.push(
        makeItem({
          key: 'markdown.list_item',
          label: heading ?? 'List item',
          value_type: 'string',
          value: li[2],
          raw_text: li[2],
          text_source: 'native',
          anchors: [{ kind: 'text_span', start, end: start + li[2].length, unit: 'utf16' }],
          confidence: makeConfidence('markdown_structure', 0.95),
        }),
      );
    }
  }
  return items;
}

/** Options: `date_order`, `default_currency`, `entities` (default false), `generic_labels` (default true). */
export async function extractText(input: ProcessorInput): Promise<ProcessorResult> {
  const o = input.options ?? {};
  const loaded = await loadText(input);
  const date_order = o.date_order === 'dmy' ? 'dmy' : 'mdy';
  const items = extractLabelValues(loaded.layout, {
    date_order,
    default_currency: strOpt(o, 'default_currency') ?? null,
    generic_labels: o.generic_labels !== false,
  });
  if (isMarkdown(input, loaded.text)) appendItems(items, markdownItems(loaded.text));
  if (o.entities === true) appendItems(items, extractEntities(loaded.layout, { date_order }));
  assignOccurrences(items);
  return {
    items,
    pages: countItemsPerPage(items, loaded.pages),
    text: loaded.text,
    errors: loaded.errors,
    warnings: loaded.warnings,
    engine_versions: loaded.engine_versions,
  };
}

/** The processor definition. */
export const textProcessor: ProcessorDefinition = {
  id: 'prc_text',
  name: 'text',
  version: '1.0.0',
  display_name: 'Plain text and Markdown',
  description: '"Key: value" lines, Markdown headings and list items, with UTF-16 text spans',
  state: 'enabled',
  supported_kinds: ['text'],
  capabilities: { page_regions: false, text_spans: true, ocr: false, tables: false, line_items: false },
  item_types: [
    {
      key: 'label.*',
      label: 'Labelled field',
      value_type: 'string',
      occurrence: 'optional_multiple',
      description: 'A "Key: value" line; known labels (total, date, …) use their typed keys instead',
      example: 'Jane Doe',
      checks: [],
    },
    {
      key: 'markdown.heading',
      label: 'Heading',
      value_type: 'string',
      occurrence: 'optional_multiple',
      description: 'A Markdown ATX heading',
      example: 'Payment terms',
      checks: [],
    },
    {
      key: 'markdown.list_item',
      label: 'List item',
      value_type: 'string',
      occurrence: 'optional_multiple',
      description: 'A Markdown list item (label = the nearest heading above)',
      example: 'Net 30',
      checks: [],
    },
  ],
  defaults: { auto_validate_min_confidence: 0.95, review_below_confidence: 0.8 },
  extract: extractText,
};
