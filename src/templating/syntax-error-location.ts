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

interface Prefix {
  tag: TemplateTag;
  /** Blocks open after this tag, innermost last. */
  open: TemplateTag[];
}

function prefixes(tags: TemplateTag[]): Prefix[] {
  const open: TemplateTag[] = [];
  return tags.map((tag) => {
    const top = open.at(-1);
    if (CLOSING_TAGS.has(tag.keyword) && top !== undefined && BLOCK_END[top.keyword] === tag.keyword) open.pop();
    else if (openedBlock(tag) !== undefined) open.push(tag);
    return { tag, open: [...open] };
  });
}

function prefixParses(source: string, prefix: Prefix): boolean {
  const closers = prefix.open.map((block) => `{% ${BLOCK_END[block.keyword] ?? ''} %}`).reverse().join('');
  return parses(source.slice(0, prefix.tag.end) + closers);
}

/** The 1-based line where a template that fails to parse goes wrong, or undefined if unknown. */
export function locateSyntaxError(source: string): number | undefined {
  const tags = scanTemplateTags(source);
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
  return steps.at(-1)?.open.at(-1)?.line;
}
