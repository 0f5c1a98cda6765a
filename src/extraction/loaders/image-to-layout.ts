/** Where an uploaded image becomes a one-page layout: OCR is the only way to its text. */
import { engineVersions } from '../engine-versions.js';
import { dimensionProblem, readImageDimensions } from '../image-dimensions.js';
import { layoutFromPages } from '../layout.js';
import { ocrImage } from '../ocr-engine.js';
import { procError } from '../processing-error.js';
import { numOpt, strOpt } from '../processor-options.js';
import { gradeFor } from '../text-quality.js';
import { type LoadedDocument, unreadDocument } from './loaded-document.js';
import type { ProcessorInput } from '../types.js';

/** Loads an image through OCR. */
export async function loadImage(input: ProcessorInput): Promise<LoadedDocument> {
  const o = input.options;
  const versions = await engineVersions(['ocr']);
  // Refused before OCR decodes a pixel: a 40,000 × 40,000 PNG once took a minute to fail silently.
  const dimensions = readImageDimensions(input.bytes);
  const tooLarge = dimensions ? dimensionProblem(dimensions) : null;
  if (tooLarge) return unreadDocument('ocr', versions, [procError('image_too_large', 'policy', 'image-header', tooLarge, 1)]);
  const r = await ocrImage(input.bytes, { timeout_ms: numOpt(o, 'ocr_timeout_ms', 60_000), lang: strOpt(o, 'ocr_lang') });
  if (!r.ok) {
    const errors = [
      procError(
        r.error.code,
        r.error.code === 'needs_ocr' ? 'source_unavailable' : r.error.code === 'timeout' ? 'timeout' : 'backend_failure',
        'tesseract',
        r.error.message,
        1,
      ),
    ];
    return unreadDocument('ocr', versions, errors);
  }
  const page = r.value.page;
  return {
    layout: layoutFromPages([page], 'ocr'),
    text: page.text,
    pages: [
      {
        page_number: 1,
        method: 'ocr',
        parse_score: page.quality,
        ocr_score: r.value.ocr_score,
        grade: gradeFor(r.value.ocr_score),
        item_count: 0,
        warnings: [],
      },
    ],
    errors: [],
    warnings: [],
    engine_versions: versions,
    fields: [],
    positioned: [page],
  };
}
