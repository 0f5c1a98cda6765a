import { DomainValidationError } from '../../../../kernel/errors.js';
import { templateSyntaxProblem } from '../../../../tenant-code/tenant-code-pool.js';
import type { CommandContext } from '../../../context.js';
import { appendSection } from '../append-section.js';
import { SECTION_DEFAULTS, assertOutputType, assertRenderMode, assertTitle } from '../section-rules.js';
import type { SectionRecord } from '../section.repository.js';

export interface CreateSectionInput {
  title: string;
  output_template?: string | null;
  output_type?: string | null;
  prompt?: string | null;
  render_mode?: string | null;
}

/**
 * Creates a fully configured section (any configuration key sent); omitted keys fall back to
 * the section defaults. A template that does not parse is refused now rather than at render.
 *
 * @throws NotFoundError when the document is absent or foreign; DomainValidationError for bad values or a finalized document.
 */
export async function createSection(ctx: CommandContext, documentId: string, input: CreateSectionInput): Promise<SectionRecord> {
  const title = assertTitle(input.title);
  const renderMode = input.render_mode ?? SECTION_DEFAULTS.renderMode;
  const outputType = input.output_type ?? SECTION_DEFAULTS.outputType;
  assertRenderMode(renderMode);
  assertOutputType(outputType);
  if (input.output_template) {
    const problem = await templateSyntaxProblem(input.output_template);
    if (problem) throw new DomainValidationError(`output_template does not parse: ${problem}`);
  }
  return appendSection(ctx, documentId, { title, renderMode, outputType, prompt: input.prompt ?? null, outputTemplate: input.output_template ?? null });
}
