/**
 * A library block placed in a document — a risk block (a callout with its statutory reference)
 * or a snippet (its heading and text) — as the intermediate model. One conversion for the
 * built-in composer and for sections placed into a customer's Word template, so both read alike.
 */
import type { RiskBlock, SnippetBlock } from './composed-document.js';
import type { Block, Inline } from './document-blocks.js';
import { markdownToBlocks, type ConversionContext } from './markdown-to-blocks.js';
import { styleSignatureLines } from './signature-lines.js';

function text(value: string, bold = false): Inline[] {
  return [{ kind: 'text', text: value, marks: bold ? { bold: true } : {} }];
}

export function libraryBlockToBlocks(block: RiskBlock | SnippetBlock, ctx: ConversionContext): Block[] {
  if (block.kind === 'riskBlock') {
    const children: Block[] = [
      { kind: 'paragraph', style: 'RiskHeading', inlines: text(block.heading) },
      ...markdownToBlocks(block.body, ctx, { headings: { mode: 'inline' } }),
    ];
    if (block.statutoryRef?.trim()) {
      children.push({ kind: 'paragraph', style: 'StatutoryReference', inlines: [...text('Statutory reference: ', true), ...text(block.statutoryRef.trim())] });
    }
    return [{ kind: 'callout', tone: 'risk', children }];
  }
  const body = styleSignatureLines(markdownToBlocks(block.body, ctx, { headings: { mode: 'inline' } }));
  return block.heading?.trim() ? [{ kind: 'paragraph', style: 'SnippetHeading', inlines: text(block.heading) }, ...body] : body;
}
