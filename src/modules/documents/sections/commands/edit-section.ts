/**
 * `PUT /v1/documents/{id}/sections/{section_id}` with SectionEditBody: only sent keys change.
 * `null` clears prompt, output_template and content, and resets render_mode/output_type to the
 * defaults. Sending `content` is a hand edit: the status becomes `edited` (unless a status is
 * sent too) and the new output is recorded as a version.
 */
import { DomainValidationError } from '../../../../kernel/errors.js';
import { templateSyntaxProblem } from '../../../../tenant-code/tenant-code-pool.js';
import type { CommandContext } from '../../../context.js';
import { requireEditableDocument, requireSection } from '../../require-document.js';
import { recordSectionVersion } from '../record-section-version.js';
import { SECTION_DEFAULTS, assertOutputType, assertRenderMode, assertSectionStatus, assertTitle } from '../section-rules.js';
import type { SectionChanges, SectionRecord } from '../section.repository.js';
import { publishDocumentChange } from '../../../live/publish-change.js';

export interface SectionEditInput {
  content?: string | null;
  output_template?: string | null;
  output_type?: string | null;
  prompt?: string | null;
  render_mode?: string | null;
  status?: string | null;
  title?: string | null;
}

/**
 * @throws NotFoundError when the document or section is absent or foreign.
 * @throws DomainValidationError for an empty body, a blank title, values outside the vocabulary, or a finalized document.
 */
export async function editSection(ctx: CommandContext, documentId: string, sectionId: string, input: SectionEditInput): Promise<SectionRecord> {
  if (Object.keys(input).length === 0) throw new DomainValidationError('nothing to update: send at least one section key');
  const changes: SectionChanges = {};
  if (input.title !== undefined) {
    if (input.title === null) throw new DomainValidationError('title must not be blank');
    changes.title = assertTitle(input.title);
  }
  if (input.render_mode !== undefined) {
    changes.renderMode = input.render_mode ?? SECTION_DEFAULTS.renderMode;
    assertRenderMode(changes.renderMode);
  }
  if (input.output_type !== undefined) {
    changes.outputType = input.output_type ?? SECTION_DEFAULTS.outputType;
    assertOutputType(changes.outputType);
  }
  if (input.prompt !== undefined) changes.prompt = input.prompt;
  if (input.output_template !== undefined) {
    const problem = input.output_template ? await templateSyntaxProblem(input.output_template) : null;
    if (problem) throw new DomainValidationError(`output_template does not parse: ${problem}`);
    changes.outputTemplate = input.output_template;
  }
  if (input.status !== undefined) {
    if (input.status === null) throw new DomainValidationError('status must not be null');
    assertSectionStatus(input.status);
    changes.status = input.status;
  }
  if (input.content !== undefined) {
    changes.content = input.content;
    changes.status ??= input.content === null ? 'empty' : 'edited';
  }

  return ctx.transaction(async (tx) => {
    const document = await requireEditableDocument(tx, documentId);
    const section = await requireSection(tx, document.id, sectionId);
    const now = tx.clock.now().toISOString();
    await tx.repos.sections.update(tx.actor.org.orgId, document.id, section.id, changes, now);
    const updated = { ...section, ...changes, updatedAt: now };
    if (changes.content !== undefined) await recordSectionVersion(tx, document.id, updated, 'edited');
    await publishDocumentChange(tx, document.id, {
      kind: 'section.changed',
      sectionId: section.id,
      action: changes.content !== undefined ? 'edited' : 'updated',
    });
    return updated;
  });
}
