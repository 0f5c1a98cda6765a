/**
 * Which model a task uses. The document's `models` config group is the author's explicit choice
 * and wins over the service's environment: its step model, then its `default`, then the
 * environment's model for that step (`LLM_GATHER_MODEL`, `LLM_SYNTHESIS_MODEL`), then `LLM_MODEL`.
 */
import type { ModelChoice, ModelStep } from '../../pipeline/ports.js';

/** The service's models from the environment (`config.llm`). */
export interface ServiceModels {
  model: string;
  gatherModel: string;
  synthesisModel: string;
}

function chosen(value: string | null | undefined): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** The model id for `step`, given the document's choices (null / blank: not chosen). */
export function chooseModel(step: ModelStep, choice: ModelChoice | undefined, service: ServiceModels): string {
  const serviceStep = step === 'gather' ? service.gatherModel : step === 'synthesis' ? service.synthesisModel : service.model;
  return chosen(choice?.[step]) ?? chosen(choice?.default) ?? chosen(serviceStep) ?? service.model;
}
