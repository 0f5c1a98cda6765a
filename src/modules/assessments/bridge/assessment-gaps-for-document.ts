/**
 * Bridge for /v1 readiness (§7.2): the completeness gaps of every assessment linked to a /v1
 * document, as readiness gaps of kind `assessment_incomplete` (a person fixes them by supplying
 * or validating values). For the lead to wire into readiness; not wired in here.
 */
import type { ReadinessGap } from '../../../pipeline/readiness.js';
import type { CommandContext } from '../../context.js';
import { loadCompleteness } from '../assessments/queries/load-completeness.js';

/** Gaps of the assessments linked to `documentId` (none when no assessment links to it). */
export async function assessmentGapsForDocument(ctx: CommandContext, documentId: string): Promise<ReadinessGap[]> {
  const orgId = ctx.actor.org.orgId;
  const repos = ctx.repos;
  const gaps: ReadinessGap[] = [];
  for (const assessment of await repos.assessments.listLinkedTo(orgId, documentId)) {
    const completeness = await loadCompleteness(ctx, assessment);
    if (completeness.complete) continue;
    const pending = completeness.documents.pending;
    if (completeness.gaps.length === 0) {
      const why = pending > 0 ? `${pending} document(s) still processing` : completeness.documents.total === 0 ? 'no documents uploaded' : 'items need review';
      gaps.push({
        kind: 'assessment_incomplete',
        message: `Assessment "${assessment.name}" is incomplete: ${why}`,
        subjectType: 'assessment',
        subjectId: assessment.id,
        blocking: true,
        needsInput: true,
      });
      continue;
    }
    for (const gap of completeness.gaps) {
      gaps.push({
        kind: 'assessment_incomplete',
        message: `Assessment "${assessment.name}": ${gap.message}`,
        subjectType: 'assessment',
        subjectId: assessment.id,
        ...(gap.requirement_key ? { key: gap.requirement_key } : {}),
        blocking: true,
        needsInput: true,
      });
    }
  }
  return gaps;
}
