/**
 * `GET …/word-template` and its file: a template's own Word template; a document's own, or the
 * one it inherits from its template (marked `inherited`).
 */
import { NotFoundError } from '../../../kernel/errors.js';
import type { CommandContext } from '../../context.js';
import type { DocumentRecord } from '../../documents/document.repository.js';
import type { WordTemplateRecord } from '../word-template.repository.js';
import { effectiveWordTemplate } from './effective-word-template.js';

export interface OwnedWordTemplate {
  record: WordTemplateRecord;
  inherited: boolean;
}

/** @throws NotFoundError when the owner has none (own or inherited). */
export async function readWordTemplate(ctx: CommandContext, owner: DocumentRecord): Promise<OwnedWordTemplate> {
  const record = await effectiveWordTemplate(ctx, owner);
  if (!record) throw new NotFoundError(`${owner.isTemplate ? 'template' : 'document'} ${owner.slug ?? owner.id} has no Word template`);
  return { record, inherited: record.documentId !== owner.id };
}
