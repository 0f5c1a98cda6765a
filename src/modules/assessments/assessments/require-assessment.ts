/**
 * ⚠ TENANCY GATE for assessments ⚠ An assessment of another organization is "not found",
 * exactly like a missing one (404, never 403): the repository only looks inside the caller's
 * organization.
 */
import { NotFoundError } from '../../../kernel/errors.js';
import type { CommandContext } from '../../context.js';
import type { AssessmentRecord } from './assessment.repository.js';

/** @throws NotFoundError when the assessment is absent or belongs to another organization. */
export async function requireAssessment(ctx: CommandContext, assessmentId: string): Promise<AssessmentRecord> {
  const assessment = await ctx.repos.assessments.findById(ctx.actor.org.orgId, assessmentId);
  if (!assessment) throw new NotFoundError(`assessment ${assessmentId} not found`);
  return assessment;
}
