/**
 * Finds the line of a template syntax error.
 *
 * The library's errors carry no position. We find the first tag whose source prefix no
 * longer parses once the blocks still open at that point are closed (`{% endif %}` …
 * appended): that tag is where the template goes wrong. A template whose every prefix
 * parses is missing an end tag, reported at the block that was never closed.
 */
import { parseTemplate } from './jinja-ast.js';
import { BLOCK_END, CLOSING_TAGS, openedBlock, scanTemplateTags, type TemplateTag } from './template-tags.js';

function parses(source: string): boolean {
  try {
    parseTemplate(source);
    return true;
  } catch {
    return false;
  }
}

/** Blocks open after a tag, innermost first: a shared linked stack, so each step costs O(1) (a copy per tag was quadratic). */
interface OpenBlocks {
  block: TemplateTag;
  outer: OpenBlocks | null;
}

interface Prefix {
  tag: TemplateTag;
  open: OpenBlocks | null;
}

function prefixes(tags: readonly TemplateTag[]): Prefix[] {
  let open: OpenBlocks | null = null;
  return tags.map((tag) => {
    if (CLOSING_TAGS.has(tag.keyword) && open !== null && BLOCK_END[open.block.keyword] === tag.keyword) open = open.outer;
    else if (openedBlock(tag) !== undefined) open = { block: tag, outer: open };
    return { tag, open };
  });
}

function prefixParses(source: string, prefix: Prefix): boolean {
  let closers = '';
  for (let open = prefix.open; open !== null; open = open.outer) closers += `{% ${BLOCK_END[open.block.keyword] ?? ''} %}`;
  return parses(source.slice(0, prefix.tag.end) + closers);
}

/** The 1-based line where a template that fails to parse goes wrong, or undefined if unknown. */
export function locateSyntaxError(source: string, tags: readonly TemplateTag[] = scanTemplateTags(source)): number | undefined {
  const unterminated = tags.find((tag) => !tag.terminated);
  if (unterminated !== undefined) return unterminated.line;
  const steps = prefixes(tags);
  // Binary search for the first failing prefix (a failing prefix stays failing when extended).
  let low = 0;
  let high = steps.length;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    const step = steps[middle];
    if (step !== undefined && prefixParses(source, step)) low = middle + 1;
    else high = middle;
  }
  const failing = steps[low];
  if (failing !== undefined) return failing.tag.line;
  return steps.at(-1)?.open?.block.line;
}
