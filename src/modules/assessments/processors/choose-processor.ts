/** Which processor a file gets when neither the request nor the assessment names one. */
import { DomainValidationError } from '../../../kernel/errors.js';
import type { ModelGateway } from '../../../pipeline/ports.js';
import { type CatalogOptions, DEFAULT_PROCESSOR_ID, effectiveState, getProcessor } from '../../../extraction/processor-catalog.js';

/** What routing knows about a file's content (from upload validation). */
export interface ContentFacts {
  /** A PDF's AcroForm fields and how many are filled in; null or absent when unknown or not a PDF. */
  form_fields?: { count: number; filled: number } | null;
}

/**
 * Routing by content, never overriding a processor the request or the assessment names.
 * A PDF with filled AcroForm fields gets `prc_acroform`: its values are exact, and they are
 * not in the page text the generic processor reads (it would find nothing). Spreadsheets and
 * CSV are tables (rows by header), images need OCR, everything else gets the generic
 * label/value processor. `prc_llm_fields` is never a default: a model call costs money and
 * sends the document out, so the caller names it.
 */
export function chooseProcessor(kind: string, requested: string | null | undefined, facts: ContentFacts = {}): string {
  if (requested) return requested;
  if (kind === 'pdf' && (facts.form_fields?.filled ?? 0) > 0) return 'prc_acroform';
  if (kind === 'xlsx' || kind === 'csv') return 'prc_table_rows';
  if (kind === 'image') return 'prc_ocr';
  return DEFAULT_PROCESSOR_ID;
}

/** Catalog options from the configured model: a model is "available" unless the gateway is offline. */
export function catalogOptionsOf(model: Pick<ModelGateway, 'status'>): CatalogOptions {
  return { model_available: model.status().mode !== 'offline' };
}

/**
 * @throws DomainValidationError when the processor id is not in the catalog, or is disabled
 *   (e.g. `prc_llm_fields` while no language model is configured).
 */
export function assertKnownProcessor(processorId: string | null | undefined, options: CatalogOptions): void {
  if (!processorId) return;
  const processor = getProcessor(processorId);
  if (!processor) throw new DomainValidationError(`processor ${processorId} does not exist`);
  if (effectiveState(processor, options) === 'disabled') {
    const why = processor.requires_model ? ': no language model is configured (LLM_PROVIDER is offline)' : '';
    throw new DomainValidationError(`processor ${processorId} is disabled${why}; choose another processor`);
  }
}
