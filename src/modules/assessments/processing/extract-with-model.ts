/**
 * The model half of `prc_llm_fields`: asks the configured language model (through the
 * `ModelGateway` port only) for the assessment's requirements — or the processor's default
 * fields when there are none — in the text the processor loaded, and turns the answer into
 * items. Lives in the module layer so the pure extraction code can never reach a model.
 */
import type { ModelGateway } from '../../../pipeline/ports.js';
import type { Requirement } from '../assessments/assessment.repository.js';
import { countItemsPerPage } from '../../../extraction/page-reports.js';
import { procError } from '../../../extraction/processing-error.js';
import { type LlmFieldHint, defaultLlmFieldHints, llmFieldItems } from '../../../extraction/processors/llm-fields.js';
import { itemTypeOf } from '../processors/item-type-of.js';
import type { FileKind, ProcessorResult } from '../../../extraction/types.js';

/** Characters of text sent to the model; beyond this the text is cut and a warning says so. */
export const MAX_MODEL_TEXT_CHARS = 100_000;

/**
 * One hint per requirement key (first wins): the requirement's value type, else the catalog's
 * type for a known key (so its checks make sense), else string.
 */
export function hintsFromRequirements(processorId: string, requirements: readonly Requirement[]): LlmFieldHint[] {
  const seen = new Set<string>();
  const hints: LlmFieldHint[] = [];
  for (const r of requirements) {
    if (seen.has(r.key)) continue;
    seen.add(r.key);
    const known = itemTypeOf(processorId, r.key);
    const value_type = r.value_type ?? (known && known.key !== '*' ? known.value_type : 'string');
    hints.push({ key: r.key, value_type, label: r.label ?? (known && known.key !== '*' ? known.label : null) });
  }
  return hints;
}

function withError(result: ProcessorResult, code: string, category: ProcessorResult['errors'][number]['category'], message: string): ProcessorResult {
  return { ...result, items: [], errors: [...result.errors, procError(code, category, 'llm', message)] };
}

/**
 * Completes a loaded `prc_llm_fields` result with the model's items. Never throws: an offline
 * gateway, an empty text or a failed model call become categorised run errors.
 */
export async function extractWithModel(
  model: ModelGateway,
  loaded: ProcessorResult,
  input: { processor_id: string; kind: FileKind; requirements: readonly Requirement[] },
): Promise<ProcessorResult> {
  // The catalog refuses the processor while offline; a run queued before the switch lands here.
  if (model.status().mode === 'offline') return withError(loaded, 'processor_disabled', 'policy', 'no language model is configured (LLM_PROVIDER is offline)');
  if (loaded.errors.length > 0 && loaded.text.trim() === '') return loaded;
  if (loaded.text.trim() === '')
    return withError(loaded, 'no_text', 'source_unavailable', 'the document has no text for the model to read (a scan needs prc_ocr)');
  const fromRequirements = input.requirements.length > 0;
  const hints = fromRequirements ? hintsFromRequirements(input.processor_id, input.requirements) : defaultLlmFieldHints();
  const warnings = [...loaded.warnings];
  let text = loaded.text;
  if (text.length > MAX_MODEL_TEXT_CHARS) {
    // A prefix keeps every anchor valid in the run's full text.
    text = text.slice(0, MAX_MODEL_TEXT_CHARS);
    warnings.push({
      code: 'text_truncated',
      message: `only the first ${MAX_MODEL_TEXT_CHARS} of ${loaded.text.length} characters were sent to the model`,
      page_number: null,
    });
  }
  let answer: Awaited<ReturnType<ModelGateway['extractFacts']>>;
  try {
    answer = await model.extractFacts({ text, fieldHints: hints.map((h) => ({ key: h.key, valueType: h.value_type, label: h.label })) });
  } catch (error) {
    return withError(
      { ...loaded, warnings },
      'model_failed',
      'inference_failure',
      `the language model call failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const built = llmFieldItems({
    text: loaded.text,
    hints,
    field_values: answer.value.fieldValues,
    text_source: input.kind === 'pdf' ? 'text_layer' : 'native',
    emit_absent: fromRequirements,
  });
  return {
    ...loaded,
    items: built.items,
    pages: countItemsPerPage(built.items, loaded.pages),
    warnings: [...warnings, ...built.warnings],
    // The model id makes the run auditable: which model produced these values.
    engine_versions: { ...loaded.engine_versions, model: answer.model },
  };
}
