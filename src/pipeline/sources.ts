/**
 * Citable sources of a document: gathered values that carry a source, numbered 1..N in a
 * stable order (by output key). Render prompts, citation markers `[n]`, verify and export all
 * use this one numbering.
 */
import type { GatheredValue } from './data-need.js';

/** A gathered value (a run's item or a stored row): only its key, source and value matter here. */
export type SourceInput = Pick<GatheredValue, 'outputKey' | 'source' | 'value'>;

export interface NumberedSource {
  n: number;
  outputKey: string;
  title: string;
  kind: string;
  url: string | null;
  tool: string | null;
  documentId: string | null;
  page: number | null;
  locator: string | null;
  quote: string | null;
  /** What a cited claim is checked against: the source's text, else its quote, else the value. */
  text: string;
}

function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function numberSources(rows: readonly SourceInput[]): NumberedSource[] {
  return [...rows]
    .filter((row) => row.source !== null)
    .sort((a, b) => (a.outputKey < b.outputKey ? -1 : a.outputKey > b.outputKey ? 1 : 0))
    .map((row, index) => {
      const source = row.source ?? { title: row.outputKey, kind: 'value' };
      return {
        n: index + 1,
        outputKey: row.outputKey,
        title: source.title,
        kind: source.kind,
        url: source.url ?? null,
        tool: source.tool ?? null,
        documentId: source.documentId ?? null,
        page: source.page ?? null,
        locator: source.locator ?? null,
        quote: source.quote ?? null,
        text: source.text ?? source.quote ?? valueText(row.value),
      };
    });
}
