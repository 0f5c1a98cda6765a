/**
 * ⚠ TENANCY GATE for suggestions ⚠ Found only through the caller's document: another
 * organization's suggestion is 404, like a missing one.
 */
import { NotFoundError } from '../../../kernel/errors.js';
import type { CommandContext } from '../../context.js';
import type { SuggestionRecord } from './suggestion.repository.js';

/** @throws NotFoundError when the suggestion is not one of the (already gated) document's. */
export async function requireSuggestion(ctx: CommandContext, documentId: string, suggestionId: string): Promise<SuggestionRecord> {
  const suggestion = await ctx.repos.suggestions.findById(ctx.actor.org.orgId, documentId, suggestionId);
  if (!suggestion) throw new NotFoundError(`suggestion ${suggestionId} not found`);
  return suggestion;
}

/** The section's version and text now, which a suggestion is compared with. */
export async function sectionNow(ctx: CommandContext, section: { id: string; content: string | null }): Promise<{ version: number; content: string | null }> {
  return { version: await ctx.repos.sectionVersions.latestNumber(ctx.actor.org.orgId, section.id), content: section.content };
}
