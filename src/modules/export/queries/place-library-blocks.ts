/** Where library blocks go among the sections. Pure. */
import type { ComposedBlock, RiskBlock, SectionBlock, SnippetBlock } from '../../../docx/composed-document.js';

export interface PlacedLibraryBlock {
  /** The section the block follows; null places it after the last section. */
  afterSectionId: string | null;
  block: RiskBlock | SnippetBlock;
}

/**
 * Sections in order with each library block right after the section it names (in binding
 * order), and blocks naming no section — or a section that no longer exists — at the end.
 */
export function placeLibraryBlocks(sections: readonly SectionBlock[], library: readonly PlacedLibraryBlock[]): ComposedBlock[] {
  const known = new Set(sections.map((s) => s.id));
  const after = new Map<string, Array<RiskBlock | SnippetBlock>>();
  const trailing: Array<RiskBlock | SnippetBlock> = [];
  for (const { afterSectionId, block } of library) {
    if (afterSectionId !== null && known.has(afterSectionId)) {
      const list = after.get(afterSectionId) ?? [];
      list.push(block);
      after.set(afterSectionId, list);
    } else {
      trailing.push(block);
    }
  }
  const blocks: ComposedBlock[] = [];
  for (const section of sections) blocks.push(section, ...(after.get(section.id) ?? []));
  blocks.push(...trailing);
  return blocks;
}
