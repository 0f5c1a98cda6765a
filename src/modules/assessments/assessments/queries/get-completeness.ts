/** `GET /assessments/{id}/completeness`. */
import type { CommandContext } from '../../../context.js';
import { requireAssessment } from '../require-assessment.js';
import type { Completeness } from './compute-completeness.js';
import { loadCompleteness } from './load-completeness.js';

/** @throws NotFoundError when the assessment is absent or foreign. */
export async function getCompleteness(ctx: CommandContext, assessmentId: string): Promise<Completeness> {
  return loadCompleteness(ctx, await requireAssessment(ctx, assessmentId));
}
