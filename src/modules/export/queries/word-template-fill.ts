/**
 * What a Word template is filled with at export: the render context a run would see now (its
 * run-only parts — synthesized values, variables, the date — as the latest run recorded them),
 * with each section's current text under `sections`, and the composed sections grouped by key
 * for the placeholders. The date is the document's (never the clock), so the same content fills
 * to the same bytes.
 */
import type { ComposedDocument } from '../../../docx/composed-document.js';
import type { WordSectionContent, WordTemplateFill } from '../../../word-template/word-template-types.js';
import { currentRenderContext } from '../../generation/inputs/current-render-context.js';
import type { DocumentInputs } from '../../generation/inputs/load-document-inputs.js';
import { pinnedManifest } from '../../history/pinned-manifest.js';

/**
 * The composed blocks by section, in document order: a section's block and the library blocks
 * placed after it (blocks placed before the first section open a group of their own, keyed "").
 */
export function sectionsOf(inputs: DocumentInputs, composed: ComposedDocument): WordSectionContent[] {
  const keyById = new Map(inputs.sections.map((s) => [s.id, s.key]));
  const groups: WordSectionContent[] = [];
  for (const block of composed.blocks) {
    if (block.kind === 'section') groups.push({ key: keyById.get(block.id) ?? block.id, blocks: [block] });
    else if (groups.length > 0) groups[groups.length - 1].blocks.push(block);
    else groups.push({ key: '', blocks: [block] });
  }
  return groups;
}

export async function wordTemplateFillOf(inputs: DocumentInputs, composed: ComposedDocument): Promise<WordTemplateFill> {
  const [latest] = await inputs.recentSnapshots();
  const recorded = latest ? (pinnedManifest(latest.manifest).renderContext ?? {}) : {};
  const { context } = await currentRenderContext(inputs, recorded, `${composed.date}T00:00:00.000Z`);
  const sections = Object.fromEntries(inputs.sections.map((s) => [s.key, s.content]));
  return { context: { ...context, sections }, sections: sectionsOf(inputs, composed), composed };
}
