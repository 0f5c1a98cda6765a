import type { Readiness } from '../../../pipeline/readiness.js';
import type { CommandContext } from '../../context.js';
import { readinessOf } from '../inputs/readiness-input.js';
import { requireDocument } from '../../documents/require-document.js';

/**
 * `GET /readiness`: whether generation should proceed, the UI state, and every gap.
 *
 * @throws NotFoundError when absent or foreign.
 */
export async function getReadiness(ctx: CommandContext, documentId: string): Promise<Readiness> {
  return readinessOf(ctx, await requireDocument(ctx, documentId));
}
