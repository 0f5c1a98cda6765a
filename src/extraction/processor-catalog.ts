/**
 * The processor catalog (§4.3) and `runProcessor`, the single entry point the processing job
 * calls. `runProcessor` never throws: unknown processors, unsupported kinds and internal
 * failures come back as categorised `errors`.
 */
import { acroformProcessor } from './processors/acroform.js';
import { calibrateItems } from './confidence-calibration.js';
import { type EngineKind, engineVersions } from './engine-versions.js';
import { procError } from './processing-error.js';
import { docxProcessor } from './processors/docx.js';
import { genericFieldsProcessor } from './processors/generic-fields.js';
import { llmFieldsProcessor } from './processors/llm-fields.js';
import { ocrProcessor } from './processors/ocr.js';
import { tableRowsProcessor } from './processors/table-rows.js';
import { textProcessor } from './processors/text.js';
import type { FileKind, ProcessorDefinition, ProcessorResult } from './types.js';

/** All processors, in catalog order. */
export const PROCESSORS: readonly ProcessorDefinition[] = [
  genericFieldsProcessor,
  acroformProcessor,
  tableRowsProcessor,
  textProcessor,
  docxProcessor,
  ocrProcessor,
  llmFieldsProcessor,
];

/** The default processor when an assessment does not name one. */
export const DEFAULT_PROCESSOR_ID = 'prc_generic_fields';

/** A catalog entry as served by `GET /processors` (no functions; `observed_accuracy` is added by the module layer). */
export type ProcessorCatalogEntry = Omit<ProcessorDefinition, 'extract'> & { engine: Record<string, string> };

/** What the catalog needs to know about the service's configuration. */
export interface CatalogOptions {
  /** True when a live language model is configured (not the offline mode). */
  model_available?: boolean;
}

/** The state a processor has under these options: one that needs a model is disabled without one. */
export function effectiveState(p: Pick<ProcessorDefinition, 'state' | 'requires_model'>, options: CatalogOptions): ProcessorDefinition['state'] {
  return p.requires_model && !options.model_available ? 'disabled' : p.state;
}

/** Looks a processor up by id. */
export function getProcessor(id: string): ProcessorDefinition | undefined {
  return PROCESSORS.find((p) => p.id === id);
}

const ENGINE_KINDS: Record<string, EngineKind[]> = {
  prc_generic_fields: ['pdf', 'ocr', 'docx', 'sheet', 'csv', 'text'],
  prc_acroform: ['pdf'],
  prc_table_rows: ['sheet', 'csv', 'pdf'],
  prc_text: ['text'],
  prc_docx: ['docx'],
  prc_ocr: ['pdf', 'ocr'],
  prc_llm_fields: ['pdf', 'docx', 'sheet', 'csv', 'text'],
};

const NO_MODEL_NOTE = 'Disabled: no language model is configured (LLM_PROVIDER is offline); set LLM_PROVIDER and its key to enable it.';

/** The JSON-safe catalog with the installed engine versions (tesseract/poppler only when installed). */
export async function listProcessors(options: CatalogOptions = {}): Promise<ProcessorCatalogEntry[]> {
  const out: ProcessorCatalogEntry[] = [];
  for (const p of PROCESSORS) {
    const { extract: _extract, ...rest } = p;
    void _extract;
    const state = effectiveState(p, options);
    const description = state === 'disabled' && p.requires_model ? `${p.description}. ${NO_MODEL_NOTE}` : p.description;
    out.push({ ...rest, state, description, engine: await engineVersions(ENGINE_KINDS[p.id] ?? []) });
  }
  return out;
}

/** Input of `runProcessor`. */
export interface RunProcessorInput {
  bytes: Buffer;
  kind: FileKind;
  filename?: string;
  options?: Record<string, unknown>;
}

/** A result holding nothing but one categorised error (the one shape of every failed extraction). */
export function failedResult(code: string, category: ProcessingErrorCategory, message: string, component = 'processor'): ProcessorResult {
  return { items: [], pages: [], text: '', errors: [procError(code, category, component, message)], warnings: [], engine_versions: {} };
}

type ProcessingErrorCategory = ProcessorResult['errors'][number]['category'];

/**
 * Runs a processor on one source document. Deterministic for the same bytes, options and
 * engine versions (fixed date reference, single-threaded OCR, sorted outputs).
 */
export async function runProcessor(processorId: string, input: RunProcessorInput): Promise<ProcessorResult> {
  const p = getProcessor(processorId);
  if (!p) return failedResult('unknown_processor', 'policy', `processor ${processorId} does not exist`);
  if (p.state === 'disabled') return failedResult('processor_disabled', 'policy', `processor ${processorId} is disabled`);
  if (!p.supported_kinds.includes(input.kind)) {
    return failedResult('unsupported_kind', 'policy', `processor ${processorId} does not support ${input.kind} (supports ${p.supported_kinds.join(', ')})`);
  }
  try {
    const result = await p.extract({ bytes: input.bytes, kind: input.kind, filename: input.filename, options: input.options ?? {} });
    // The one place confidences become calibrated probabilities, whichever processor made them.
    calibrateItems(result.items);
    return result;
  } catch (err) {
    return failedResult('internal_error', 'internal', `${processorId} failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}
