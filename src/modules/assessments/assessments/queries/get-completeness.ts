/** `GET /assessments/{id}/completeness`. */
import type { CommandContext } from '../../../context.js';
import { requireAssessment } from '../require-assessment.js';
import { type Completeness, computeCompleteness } from './compute-completeness.js';

/** @throws NotFoundError when the assessment is absent or foreign. */
export async function getCompleteness(ctx: CommandContext, assessmentId: string): Promise<Completeness> {
  const assessment = await requireAssessment(ctx, assessmentId);
  const repos = ctx.repos;
  const orgId = ctx.actor.org.orgId;
  const docs = await repos.sourceDocuments.listByAssessment(orgId, assessment.id);
  const items = await repos.items.listCurrent(
    orgId,
    docs.map((d) => d.id),
  );
  return computeCompleteness(assessment, docs, items, ctx.clock.now().toISOString());
}
