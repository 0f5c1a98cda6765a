/**
 * Loading an uploaded document of any supported kind into a layout: the one switch from file
 * kind to loader. Processors that accept several kinds (`prc_generic_fields`, `prc_llm_fields`)
 * start here; single-kind processors call their loader directly.
 */
import type { ProcessorInput } from '../types.js';
import { loadDocx } from './docx-to-layout.js';
import { loadImage } from './image-to-layout.js';
import type { LoadedDocument, OcrMode, PageLayoutHook } from './loaded-document.js';
import { loadPdf } from './pdf-to-layout.js';
import { loadSheets } from './sheets-to-layout.js';
import { loadText } from './text-to-layout.js';

/**
 * Loads any supported kind into a layout; a kind without its own loader is read as text. A PDF's
 * pages are also handed to `onPage` as they are read (see `PageLayoutHook`).
 */
export async function loadDocument(input: ProcessorInput, mode: OcrMode, onPage?: PageLayoutHook): Promise<LoadedDocument> {
  switch (input.kind) {
    case 'pdf':
      return loadPdf(input, mode, onPage);
    case 'image':
      return loadImage(input);
    case 'docx':
      return loadDocx(input);
    case 'xlsx':
    case 'csv':
      return loadSheets(input);
    default:
      return loadText(input);
  }
}
