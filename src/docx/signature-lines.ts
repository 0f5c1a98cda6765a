import { plainText, type Block } from './document-blocks.js';

/**
 * Signature lines in body text ("Signed for Acme: ______  Date: …") get the SignatureLine style:
 * space above, where a hand signs, so the line does not run into the paragraph before it.
 */

// A paragraph that starts as one: "Signed for/by …", "For and on behalf of …", a blank to sign
// on (five underscores or more), or a short label before one ("Name: ______"). A sentence that
// merely contains a blank is body text.
const SIGNATURE = /^(?:signed\b|for and on behalf of\b|on behalf of\b|_{5,}|[^.!?:]{1,40}:\s*_{5,})/i;

export function isSignatureLine(text: string): boolean {
  return SIGNATURE.test(text.trim());
}

/** Gives body paragraphs (not lists, quotes or styled ones) that are signature lines their style. */
export function styleSignatureLines(blocks: Block[]): Block[] {
  return blocks.map((block) =>
    block.kind === 'paragraph' &&
    !block.style &&
    !block.list &&
    block.listIndentLevel === undefined &&
    !block.quoteDepth &&
    isSignatureLine(plainText(block.inlines))
      ? { ...block, style: 'SignatureLine' }
      : block,
  );
}
