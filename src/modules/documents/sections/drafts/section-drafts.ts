/**
 * Section drafts (ADR 0621): `GET`/`PUT`/`DELETE /sections/{id}/draft`. A draft is what an editor
 * has typed and not yet published; it lives on the server so a reload or another device finds
 * it. Publishing (`PUT …/output`) makes it the section's text and removes it.
 */
import { NotFoundError } from '../../../../kernel/errors.js';
import type { CommandContext } from '../../../context.js';
import { requireDocument, requireEditableDocument, requireSection } from '../../require-document.js';
import type { SectionDraftRecord } from './section-draft.repository.js';

export function presentSectionDraft(draft: SectionDraftRecord) {
  return {
    sectionId: draft.sectionId,
    content: draft.content,
    baseVersion: draft.baseVersion,
    updatedBy: draft.updatedBy,
    updatedAt: draft.updatedAt,
  };
}

/** @throws NotFoundError when the document or section is absent or foreign, or the section has no draft. */
export async function getSectionDraft(ctx: CommandContext, documentId: string, sectionId: string): Promise<SectionDraftRecord> {
  const document = await requireDocument(ctx, documentId);
  const section = await requireSection(ctx, document.id, sectionId);
  const draft = await ctx.repos.sectionDrafts.find(ctx.actor.org.orgId, section.id);
  if (!draft) throw new NotFoundError(`section ${sectionId} has no draft`);
  return draft;
}

/** @throws NotFoundError when absent or foreign; DomainValidationError when the document is finalized. */
export async function saveSectionDraft(
  ctx: CommandContext,
  documentId: string,
  sectionId: string,
  body: { content: string; baseVersion?: number | null },
): Promise<SectionDraftRecord> {
  return ctx.transaction(async (tx) => {
    const document = await requireEditableDocument(tx, documentId);
    const section = await requireSection(tx, document.id, sectionId);
    const draft: SectionDraftRecord = {
      sectionId: section.id,
      documentId: document.id,
      content: body.content,
      baseVersion: body.baseVersion ?? null,
      updatedBy: tx.actor.email ?? null,
      updatedAt: tx.clock.now().toISOString(),
    };
    await tx.repos.sectionDrafts.save(tx.actor.org.orgId, draft);
    return draft;
  });
}

/** Discards the draft; the section's text is unchanged. @throws NotFoundError when absent, foreign or without a draft. */
export async function discardSectionDraft(ctx: CommandContext, documentId: string, sectionId: string): Promise<void> {
  const document = await requireDocument(ctx, documentId);
  const section = await requireSection(ctx, document.id, sectionId);
  if (!(await ctx.repos.sectionDrafts.remove(ctx.actor.org.orgId, section.id))) throw new NotFoundError(`section ${sectionId} has no draft`);
}
