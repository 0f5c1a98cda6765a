/**
 * Syntax problems of a Word template, each at the tag that causes it: a tag that does not parse
 * on its own, and blocks that do not balance within their part (an `endif` with no `if`, an `if`
 * never closed, blocks nested past the nesting budget). Checking tag by tag is what lets the
 * report point at a paragraph; the part's whole source is parsed afterwards as well.
 */
import { MAX_BLOCK_NESTING, validateTemplateSyntax } from '../templating/index.js';
import type { LocatedTag } from './located-tags.js';
import type { WordTemplateProblem } from './word-template-types.js';

const BLOCK_END: Readonly<Record<string, string>> = { if: 'endif', for: 'endfor', macro: 'endmacro', call: 'endcall', filter: 'endfilter', set: 'endset' };
const CLOSING = new Set(Object.values(BLOCK_END));

/** `{% set x %}…{% endset %}` opens a block; `{% set x = 1 %}` does not. */
const isBlockSet = (body: string): boolean => !/(^|[^=!<>])=($|[^=])/.test(body.replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g, '""'));

function opensBlock(tag: LocatedTag): boolean {
  return tag.kind === 'statement' && BLOCK_END[tag.keyword] !== undefined && (tag.keyword !== 'set' || isBlockSet(tag.body));
}

/** The tag as a template of its own that parses when the tag is right (its block closed, its `elif` inside an `if`, …), or null to skip. */
export function standalone(tag: LocatedTag): string | null {
  if (tag.kind === 'print') return `{{ ${tag.body} }}`;
  if (tag.kind !== 'statement') return null;
  const own = `{% ${tag.body} %}`;
  if (opensBlock(tag)) return `${own}{% ${BLOCK_END[tag.keyword]} %}`;
  if (tag.keyword === 'elif') return `{% if true %}${own}{% endif %}`;
  if (tag.keyword === 'break' || tag.keyword === 'continue') return `{% for _ in [] %}${own}{% endfor %}`;
  if (tag.keyword === 'else' || CLOSING.has(tag.keyword)) return null;
  return own;
}

const problemAt = (tag: LocatedTag, code: WordTemplateProblem['code'], message: string): WordTemplateProblem => ({
  code,
  severity: 'error',
  message,
  location: tag.location,
});

/**
 * A `{% filter %}` block would run the filter over the document's XML between its tags — and,
 * with `replace`, could turn a value's escaped `&lt;` back into markup: values are escaped as they
 * are printed, so a filter applies to the value (`{{ value | upper }}`), never to a block.
 */
const FILTER_BLOCK =
  'a {% filter %} block is not allowed in a Word template (it would rewrite the document’s XML): apply the filter to the value, {{ value | upper }}';

/** Problems of single tags: not closed, an unsupported form or statement, or not parsing. */
function tagProblems(tags: readonly LocatedTag[]): WordTemplateProblem[] {
  const problems: WordTemplateProblem[] = [];
  for (const tag of tags) {
    if (tag.problem !== null || (tag.kind === 'statement' && tag.keyword === 'filter')) {
      problems.push(problemAt(tag, 'syntax', tag.problem ?? `${tag.raw}: ${FILTER_BLOCK}`));
      continue;
    }
    const source = standalone(tag);
    const error = source === null ? null : validateTemplateSyntax(source);
    if (error !== null) problems.push(problemAt(tag, 'syntax', `${tag.raw}: ${error.replace(/ \(line \d+\)$/, '')}`));
  }
  return problems;
}

/** Problems of the blocks of one part's tags (in document order). */
function blockProblems(tags: readonly LocatedTag[]): WordTemplateProblem[] {
  const open: LocatedTag[] = [];
  for (const tag of tags) {
    if (tag.kind !== 'statement' || tag.problem !== null) continue;
    const top = open.at(-1);
    if (CLOSING.has(tag.keyword)) {
      if (top === undefined || BLOCK_END[top.keyword] !== tag.keyword) {
        const expected = top ? `{% ${BLOCK_END[top.keyword]} %} (closing ${top.raw})` : 'no block to close';
        return [problemAt(tag, 'syntax', `${tag.raw} does not close an open block: expected ${expected}`)];
      }
      open.pop();
    } else if ((tag.keyword === 'elif' || tag.keyword === 'else') && top === undefined) {
      return [problemAt(tag, 'syntax', `${tag.raw} is outside any {% if %} or {% for %} block`)];
    } else if (opensBlock(tag)) {
      open.push(tag);
      if (open.length > MAX_BLOCK_NESTING) return [problemAt(tag, 'nesting', `blocks are nested more than ${MAX_BLOCK_NESTING} deep (nesting budget)`)];
    }
  }
  const unclosed = open.at(-1);
  return unclosed ? [problemAt(unclosed, 'syntax', `${unclosed.raw} is never closed: {% ${BLOCK_END[unclosed.keyword]} %} is missing in this part`)] : [];
}

/** The syntax problems of one part's tags; blocks are checked only when every tag parses alone. */
export function syntaxProblems(tags: readonly LocatedTag[]): WordTemplateProblem[] {
  const single = tagProblems(tags);
  return single.length > 0 ? single : blockProblems(tags);
}
