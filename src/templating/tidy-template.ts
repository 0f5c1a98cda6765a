/**
 * Re-indents the block tags of a template, two spaces per nesting level.
 *
 * Output-preserving by construction: rendering uses lstrip_blocks, which deletes the
 * spaces/tabs before a `{%` that starts a line (a purely textual rule, whatever the
 * context), so only that whitespace is rewritten. Text lines, `{{ }}` lines, comments and
 * `{% raw %}` content keep their bytes. The new indentation depends only on the tag
 * structure, never on the old indentation, so tidying twice changes nothing more.
 */
import { CLOSING_TAGS, MIDDLE_TAGS, openedBlock, scanTemplateTags } from './template-tags.js';

const INDENT = '  ';

/**
 * Where the indentation of the tag at `start` begins: only whitespace the lexer strips, `[ \t]*`
 * from a line start and not inside an earlier tag (which ends at `previousEnd`); undefined when
 * the tag does not start its line. Scans back no further than `previousEnd`, so a whole template
 * costs one pass (looking back for the line start from every tag was quadratic on one long line).
 */
function indentStart(source: string, start: number, previousEnd: number): number | undefined {
  let from = start;
  while (from > previousEnd && (source[from - 1] === ' ' || source[from - 1] === '\t')) from -= 1;
  return from === 0 || source[from - 1] === '\n' ? from : undefined;
}

/** Tidies a template's block-tag indentation; never throws, even on a broken template. */
export function tidyTemplate(source: string): string {
  const edits: { from: number; to: number; indent: string }[] = [];
  let depth = 0;
  let previousEnd = 0;
  for (const tag of scanTemplateTags(source)) {
    if (tag.kind !== 'statement') {
      previousEnd = tag.end;
      continue;
    }
    const closes = CLOSING_TAGS.has(tag.keyword);
    const level = closes || MIDDLE_TAGS.has(tag.keyword) ? Math.max(depth - 1, 0) : depth;
    const lineStart = indentStart(source, tag.start, previousEnd);
    if (lineStart !== undefined) edits.push({ from: lineStart, to: tag.start, indent: INDENT.repeat(level) });
    if (closes) depth = Math.max(depth - 1, 0);
    else if (openedBlock(tag) !== undefined) depth += 1;
    previousEnd = tag.end;
  }
  let result = '';
  let cursor = 0;
  for (const edit of edits) {
    result += source.slice(cursor, edit.from) + edit.indent;
    cursor = edit.to;
  }
  return result + source.slice(cursor);
}
