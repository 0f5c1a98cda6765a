/**
 * A small, lossless scanner for the tags of a template (`{% %}`, `{{ }}`, `{# #}`).
 *
 * The library's `tokenize` drops whitespace-control markers and rewrites whitespace, so
 * it cannot tell where a tag sits in the source; tidying and error locating need exact
 * offsets. String literals inside tags are skipped (a `%}` in a string does not close the
 * tag) and `{% raw %}` content is not scanned.
 */

/** One tag, with offsets into the source. */
export interface TemplateTag {
  kind: 'statement' | 'expression' | 'comment';
  /** Offset of the opening `{`. */
  start: number;
  /** Offset just past the closing delimiter (source length when unterminated). */
  end: number;
  /** 1-based line of `start`. */
  line: number;
  /** The statement's first word (`if`, `endfor`, …); '' for other kinds. */
  keyword: string;
  /** Text between the delimiters, without `-`/`+` whitespace markers. */
  inner: string;
  terminated: boolean;
}

const OPENERS: Record<string, TemplateTag['kind']> = { '{%': 'statement', '{{': 'expression', '{#': 'comment' };

/** Offset just past the string literal starting at `start` (a quote), or the source end. */
function skipString(source: string, start: number): number {
  const quote = source[start];
  let index = start + 1;
  while (index < source.length && source[index] !== quote) index += source[index] === '\\' ? 2 : 1;
  return Math.min(index + 1, source.length);
}

/** Offset of the closing delimiter of the tag whose body starts at `from`, or -1. */
function findClose(source: string, from: number, kind: TemplateTag['kind']): number {
  if (kind === 'comment') return source.indexOf('#}', from);
  const close = kind === 'statement' ? '%}' : '}}';
  let depth = 0;
  let index = from;
  while (index < source.length) {
    const char = source[index];
    if (char === '"' || char === "'") {
      index = skipString(source, index);
      continue;
    }
    // Like the lexer: inside `{{ }}`, a `}}` closing a dict literal does not end the tag.
    if (source.startsWith(close, index) && depth <= 0) return index;
    if (kind === 'expression' && char === '{') depth += 1;
    if (kind === 'expression' && char === '}') depth -= 1;
    index += 1;
  }
  return -1;
}

const ENDRAW = /\{%[-+]?\s*endraw\s*[-+]?%\}/g;

/** Scans all tags in source order. Never throws: an unterminated tag ends the scan. */
export function scanTemplateTags(source: string): TemplateTag[] {
  const tags: TemplateTag[] = [];
  let index = 0;
  let line = 1;
  let lineCountedTo = 0;
  const lineAt = (offset: number): number => {
    for (let i = lineCountedTo; i < offset; i += 1) if (source[i] === '\n') line += 1;
    lineCountedTo = Math.max(lineCountedTo, offset);
    return line;
  };
  while (index < source.length) {
    const start = source.indexOf('{', index);
    if (start === -1) break;
    const kind = OPENERS[source.slice(start, start + 2)];
    if (kind === undefined) {
      index = start + 1;
      continue;
    }
    const close = findClose(source, start + 2, kind);
    const terminated = close !== -1;
    const end = terminated ? close + 2 : source.length;
    const inner = source
      .slice(start + 2, terminated ? close : source.length)
      .replace(/^[-+]/, '')
      .replace(/[-+]$/, '');
    const keyword = kind === 'statement' ? (/^\s*([A-Za-z_]\w*)/.exec(inner)?.[1] ?? '') : '';
    tags.push({ kind, start, end, line: lineAt(start), keyword, inner, terminated });
    if (!terminated) break;
    index = end;
    if (keyword === 'raw') {
      // Raw content is text, whatever it looks like: jump to the matching endraw tag.
      ENDRAW.lastIndex = end;
      const endRaw = ENDRAW.exec(source);
      index = endRaw === null ? source.length : endRaw.index;
    }
  }
  return tags;
}

/** Block tags that open a nesting level, with the tag that closes them. */
export const BLOCK_END: Readonly<Record<string, string>> = {
  if: 'endif',
  for: 'endfor',
  macro: 'endmacro',
  call: 'endcall',
  filter: 'endfilter',
  set: 'endset',
  raw: 'endraw',
};

/** Tags that continue the enclosing block at its own level. */
export const MIDDLE_TAGS: ReadonlySet<string> = new Set(['elif', 'else']);

/** Tags that close a block. */
export const CLOSING_TAGS: ReadonlySet<string> = new Set(Object.values(BLOCK_END));

/** True for `{% set x %}…{% endset %}` (no `=` outside strings), false for `{% set x = 1 %}`. */
function isBlockSet(inner: string): boolean {
  const withoutStrings = inner.replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g, '""');
  return !/(^|[^=!<>])=($|[^=])/.test(withoutStrings);
}

/** The block a statement tag opens (`if`, `for`, …), or undefined when it opens none. */
export function openedBlock(tag: TemplateTag): string | undefined {
  if (tag.kind !== 'statement' || BLOCK_END[tag.keyword] === undefined) return undefined;
  if (tag.keyword === 'set' && !isBlockSet(tag.inner)) return undefined;
  return tag.keyword;
}
