import type { Readiness } from '../../../pipeline/readiness.js';
import type { CommandContext } from '../../context.js';
import { requireDocument } from '../../documents/require-document.js';
import { loadDocumentInputs } from '../inputs/load-document-inputs.js';
import { readinessOf } from '../inputs/readiness-input.js';

/**
 * `GET /readiness`: whether generation should proceed, the UI state, and every gap.
 *
 * @throws NotFoundError when absent or foreign.
 */
export async function getReadiness(ctx: CommandContext, documentId: string): Promise<Readiness> {
  return readinessOf(await loadDocumentInputs(ctx, await requireDocument(ctx, documentId)));
}
