import type { CommandContext } from '../../../context.js';
import { appendSection } from '../append-section.js';
import { SECTION_DEFAULTS, assertTitle } from '../section-rules.js';
import type { SectionRecord } from '../section.repository.js';

/**
 * Creates a section from a title alone, with the section defaults, at the end of the document.
 *
 * @throws NotFoundError when the document is absent or foreign; DomainValidationError when blank or finalized.
 */
export async function createSectionTitleOnly(ctx: CommandContext, documentId: string, input: { title: string }): Promise<SectionRecord> {
  return appendSection(ctx, documentId, {
    title: assertTitle(input.title),
    renderMode: SECTION_DEFAULTS.renderMode,
    outputType: SECTION_DEFAULTS.outputType,
    prompt: null,
    outputTemplate: null,
  });
}
