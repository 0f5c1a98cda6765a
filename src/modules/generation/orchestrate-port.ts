/**
 * The pipeline's orchestrate stage for one run: the same use case as `POST /orchestrate`
 * (fields from the intake text, snippets from the rulebook), acting for the run's creator. Its
 * review payload is not kept: the run's effect is the document's new fields and bindings,
 * which the pipeline then loads as its input.
 */
import type { ModelGateway, OrchestratePort } from '../../pipeline/ports.js';
import { orchestrateDocument } from '../assistants/orchestration/orchestrate-document.js';
import type { CommandContext } from '../context.js';

/** The orchestrate port over `documentId`. */
export function orchestratePort(ctx: CommandContext, model: ModelGateway, documentId: string): OrchestratePort {
  return {
    async orchestrate(intakeText) {
      await orchestrateDocument(ctx, model, documentId, { source_text: intakeText });
    },
  };
}
