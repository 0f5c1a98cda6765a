/**
 * The nesting budget of a template's blocks, checked in one pass over its tags before the
 * library parses it. The parser recurses once per open block, so a few thousand nested
 * `{% if %}` overflow its stack, and finding where such a template goes wrong cost a parse per
 * step of a binary search: the attacker's 189 KB of nested ifs took seconds (issue 28). No real
 * template nests anywhere near the budget; past it, the answer names the line at once.
 */
import { BLOCK_END, CLOSING_TAGS, openedBlock, type TemplateTag } from './template-tags.js';

/** Blocks (`if`, `for`, `macro`, …) open at once. */
export const MAX_BLOCK_NESTING = 100;

/** Why the template's blocks nest past the budget (with the line), or null when they do not. */
export function nestingProblem(tags: readonly TemplateTag[]): string | null {
  const open: string[] = [];
  for (const tag of tags) {
    const top = open.at(-1);
    if (CLOSING_TAGS.has(tag.keyword) && top !== undefined && BLOCK_END[top] === tag.keyword) open.pop();
    else if (openedBlock(tag) !== undefined) open.push(tag.keyword);
    if (open.length > MAX_BLOCK_NESTING) {
      return `blocks are nested more than ${MAX_BLOCK_NESTING} deep (nesting budget) (line ${tag.line})`;
    }
  }
  return null;
}
