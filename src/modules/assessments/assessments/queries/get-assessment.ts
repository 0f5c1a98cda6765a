/** `GET /assessments/{id}` and `GET /assessments` (cursor paging). */
import type { CommandContext } from '../../../context.js';
import type { Static } from 'typebox';
import type { AssessmentRecord } from '../assessment.repository.js';
import type { Assessment } from '../assessment.schemas.js';
import { presentAssessment } from '../assessment.presenter.js';
import { requireAssessment } from '../require-assessment.js';
import { loadCompleteness } from './load-completeness.js';
import type { PageRequest } from '../../../../storage/keyset-page.js';
import type { ListView } from '../../../../storage/list-view.js';

/** Presents one loaded assessment (its documents, item tallies and required items for the derived fields). */
export async function presentLoadedAssessment(ctx: CommandContext, assessment: AssessmentRecord): Promise<Static<typeof Assessment>> {
  return presentAssessment(assessment, await loadCompleteness(ctx, assessment));
}

/** @throws NotFoundError when the assessment is absent or foreign. */
export async function getAssessment(ctx: CommandContext, assessmentId: string): Promise<Static<typeof Assessment>> {
  return presentLoadedAssessment(ctx, await requireAssessment(ctx, assessmentId));
}

/** Newest first unless the view says otherwise, narrowed by `q`; `next_cursor` is null on the last page. */
export async function listAssessments(
  ctx: CommandContext,
  page: PageRequest,
  view: ListView = {},
): Promise<{ assessments: Array<Static<typeof Assessment>>; next_cursor: string | null }> {
  const rows = await ctx.repos.assessments.listPage(ctx.actor.org.orgId, page, view);
  const assessments = [];
  for (const a of rows.items) assessments.push(await presentLoadedAssessment(ctx, a));
  return { assessments, next_cursor: rows.nextCursor };
}
