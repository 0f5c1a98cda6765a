import type { CommandContext } from '../../../context.js';
import { requireDocument } from '../../../documents/require-document.js';
import { peopleDirectory } from '../../people.js';
import { type SuggestionView, presentSuggestion } from '../suggestion.presenter.js';
import type { SuggestionStatus } from '../suggestion.repository.js';

/**
 * `GET /v1/documents/{id}/suggestions`: newest first, each with its diff and whether it is stale.
 *
 * @throws NotFoundError when the document is absent or foreign.
 */
export async function listSuggestions(
  ctx: CommandContext,
  documentId: string,
  query: { section_id?: string; status?: SuggestionStatus },
): Promise<SuggestionView[]> {
  const document = await requireDocument(ctx, documentId);
  const orgId = ctx.actor.org.orgId;
  const suggestions = await ctx.repos.suggestions.list(orgId, document.id, { sectionId: query.section_id, status: query.status });
  const sections = new Map((await ctx.repos.sections.listByDocument(orgId, document.id)).map((s) => [s.id, s]));
  const versions = new Map<string, number>();
  for (const id of new Set(suggestions.map((s) => s.sectionId))) versions.set(id, await ctx.repos.sectionVersions.latestNumber(orgId, id));
  const people = await peopleDirectory(ctx);
  return suggestions.map((s) => presentSuggestion(s, { version: versions.get(s.sectionId) ?? 0, content: sections.get(s.sectionId)?.content ?? null }, people));
}
