/** `GET /assessments/{id}` and `GET /assessments` (cursor paging). */
import type { CommandContext } from '../../../context.js';
import type { Static } from 'typebox';
import type { AssessmentRecord } from '../assessment.repository.js';
import type { Assessment } from '../assessment.schemas.js';
import { presentAssessment } from '../assessment.presenter.js';
import { requireAssessment } from '../require-assessment.js';
import { loadCompleteness } from './load-completeness.js';

/** Presents one loaded assessment (its documents, item tallies and required items for the derived fields). */
export async function presentLoadedAssessment(ctx: CommandContext, assessment: AssessmentRecord): Promise<Static<typeof Assessment>> {
  return presentAssessment(assessment, await loadCompleteness(ctx, assessment));
}

/** @throws NotFoundError when the assessment is absent or foreign. */
export async function getAssessment(ctx: CommandContext, assessmentId: string): Promise<Static<typeof Assessment>> {
  return presentLoadedAssessment(ctx, await requireAssessment(ctx, assessmentId));
}

/** Newest first; `next_cursor` is null on the last page. */
export async function listAssessments(
  ctx: CommandContext,
  page: { limit: number; cursor?: string },
): Promise<{ assessments: Array<Static<typeof Assessment>>; next_cursor: string | null }> {
  const rows = await ctx.repos.assessments.list(ctx.actor.org.orgId, { limit: page.limit + 1, cursor: page.cursor });
  const pageRows = rows.slice(0, page.limit);
  const assessments = [];
  for (const a of pageRows) assessments.push(await presentLoadedAssessment(ctx, a));
  return { assessments, next_cursor: rows.length > page.limit ? (pageRows.at(-1)?.id ?? null) : null };
}
