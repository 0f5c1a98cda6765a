/**
 * The Word template a document's export uses: its own when it has one, else the one of the
 * template it was made from, else none (the built-in layouts).
 */
import type { CommandContext } from '../../context.js';
import type { DocumentRecord } from '../../documents/document.repository.js';
import type { WordTemplateRecord } from '../word-template.repository.js';

export async function effectiveWordTemplate(ctx: CommandContext, document: Pick<DocumentRecord, 'id' | 'templateId'>): Promise<WordTemplateRecord | null> {
  const candidates = document.templateId ? [document.id, document.templateId] : [document.id];
  return ctx.repos.wordTemplates.findFirst(ctx.actor.org.orgId, candidates);
}
