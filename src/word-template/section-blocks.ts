import type { ComposedBlock } from '../docx/composed-document.js';
import type { Block, Inline } from '../docx/document-blocks.js';
import { libraryBlockToBlocks } from '../docx/library-blocks.js';
import type { ConversionContext } from '../docx/markdown-to-blocks.js';
import { sectionContentToBlocks } from '../docx/section-content.js';
import { styleSignatureLines } from '../docx/signature-lines.js';

/**
 * A placeholder's composed blocks → the intermediate model, as the built-in composer converts
 * them (compose-docx.ts), so a section reads the same in a Word template as in a layout:
 * `{{ section("key") }}` receives the section's content (the template gives it its own heading),
 * `{{ body() }}` each section under its title as a Heading 1.
 */

function text(value: string): Inline[] {
  return [{ kind: 'text', text: value, marks: {} }];
}

export function composedToBlocks(block: ComposedBlock, ctx: ConversionContext, withTitle: boolean): Block[] {
  switch (block.kind) {
    case 'section': {
      // Notes are one per source per section: a section starts the count afresh.
      ctx.citations.startSection();
      const content = styleSignatureLines(sectionContentToBlocks(block, ctx));
      return withTitle ? [{ kind: 'heading', level: 1, inlines: text(block.title), numbered: false }, ...content] : content;
    }
    case 'riskBlock':
    case 'snippet':
      return libraryBlockToBlocks(block, ctx);
  }
}
