/** Where a plain-text or Markdown upload becomes a layout (one native page). */
import { decodeTextLossy } from '../decode-text.js';
import { engineVersions } from '../engine-versions.js';
import { layoutFromText } from '../layout.js';
import { nativePage } from '../page-reports.js';
import { extensionOf } from '../sniff-file.js';
import { ratePageQuality } from '../text-quality.js';
import type { ProcessorInput } from '../types.js';
import type { LoadedDocument } from './loaded-document.js';

/** True when a text upload should be read as Markdown: by its extension, else by a heading or list line. */
export function isMarkdown(input: ProcessorInput, text: string): boolean {
  const ext = extensionOf(input.filename);
  if (ext === 'md' || ext === 'markdown') return true;
  if (ext === 'txt') return false;
  return /^(#{1,6}\s|\s*[-*+]\s)/m.test(text);
}

/** Loads plain text / Markdown. */
export async function loadText(input: ProcessorInput): Promise<LoadedDocument> {
  const text = decodeTextLossy(input.bytes);
  const layout = layoutFromText(text, { markdown: isMarkdown(input, text) });
  return {
    layout,
    text,
    pages: [nativePage(ratePageQuality(text.split(/\r?\n/)))],
    errors: [],
    warnings: [],
    engine_versions: await engineVersions(['text']),
    fields: [],
    positioned: [],
  };
}
