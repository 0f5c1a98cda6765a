/**
 * The Jinja tags of one paragraph's text, as the author wrote them in Word: `{{ … }}`, `{% … %}`,
 * `{# … #}`, the docxtpl forms that stand for the enclosing paragraph, table row, table cell or
 * run (`{%p if … %}`, `{%tr for … %}`, `{%tc … %}`, `{%r … %}`), and the section placeholders
 * `{{ section("key") }}` and `{{ body() }}`. Word's typographic replacements inside a tag (curly
 * quotes, a non-breaking space) are undone, so `section(“findings”)` works as typed.
 */
import type { WordTagForm, WordTagKind } from './word-template-types.js';

export interface ParagraphTag {
  /** Offsets in the paragraph's text: the opening `{` and just past the closing delimiter. */
  start: number;
  end: number;
  /** As written (after joining the runs). */
  raw: string;
  kind: WordTagKind;
  form: WordTagForm;
  /** The tag's content without delimiters, whitespace markers or form letter, typographic quotes undone, trimmed. */
  body: string;
  /** Jinja whitespace-control markers (`-`, `+`) after the opening and before the closing delimiter. */
  leftMark: string;
  rightMark: string;
  /** The statement's first word (`if`, `endfor`, …); '' for other kinds. */
  keyword: string;
  /** A section placeholder's key (`*` for `body()`), else null. */
  section: string | null;
  /** Why the tag cannot be used (not closed in its paragraph, an unsupported form), else null. */
  problem: string | null;
}

const CLOSERS: Record<string, string> = { '{{': '}}', '{%': '%}', '{#': '#}' };
const KINDS: Record<string, WordTagKind> = { '{{': 'print', '{%': 'statement', '{#': 'comment' };
const FORMS: Record<string, WordTagForm> = { p: 'paragraph', tr: 'row', tc: 'cell', r: 'run' };

/** Word's autocorrect inside a tag: curly quotes, primes, non-breaking and narrow spaces. */
export function undoTypography(text: string): string {
  return text
    .replace(/[\u2018\u2019\u201A\u201B\u2032]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F\u2033]/g, '"')
    .replace(/[\u00A0\u202F\u2007]/g, ' ');
}

const SECTION_CALL = /^section\(\s*(["'])([^"']*)\1\s*\)$/;
const BODY_CALL = /^body\(\s*\)$/;

function sectionOf(kind: WordTagKind, body: string): string | null {
  if (kind !== 'print') return null;
  const section = SECTION_CALL.exec(body);
  if (section) return section[2].trim();
  return BODY_CALL.test(body) ? '*' : null;
}

function parseTag(opener: string, raw: string, start: number): ParagraphTag {
  let inner = undoTypography(raw.slice(2, -2));
  let form: WordTagForm = 'inline';
  const formLetter = /^(tr|tc|p|r)\s/.exec(inner);
  if (formLetter && opener !== '{#') {
    form = FORMS[formLetter[1]] ?? 'inline';
    inner = inner.slice(formLetter[1].length);
  }
  const leftMark = /^[-+]/.exec(inner)?.[0] ?? '';
  const rightMark = /[-+]$/.exec(inner)?.[0] ?? '';
  const body = inner.slice(leftMark.length, inner.length - rightMark.length).trim();
  const kind = KINDS[opener] ?? 'print';
  const section = sectionOf(kind, body);
  const keyword = kind === 'statement' ? (/^([A-Za-z_]\w*)/.exec(body)?.[1] ?? '') : '';
  const problem =
    kind === 'print' && form !== 'inline'
      ? `the ${raw.slice(0, 2)}${formLetter?.[1]} … }} form is not supported: print inline with {{ … }}, or place a section with {{ section("key") }}`
      : null;
  return { start, end: start + raw.length, raw, kind: section ? 'section' : kind, form, body, leftMark, rightMark, keyword, section, problem };
}

function unterminated(opener: string, text: string, start: number): ParagraphTag {
  const raw = text.slice(start);
  const problem = `the tag "${raw.slice(0, 40)}" is not closed with ${CLOSERS[opener]} before the end of its paragraph`;
  return { ...parseTag(opener, `${raw}  `, start), raw, end: text.length, problem };
}

/** The tags of a paragraph's text, in order; stops at a tag that is not closed (it is the last, with its problem). */
export function findParagraphTags(text: string): ParagraphTag[] {
  const tags: ParagraphTag[] = [];
  let from = 0;
  for (;;) {
    const start = text.indexOf('{', from);
    if (start === -1 || start + 1 >= text.length) return tags;
    const opener = text.slice(start, start + 2);
    const closer = CLOSERS[opener];
    if (closer === undefined) {
      from = start + 1;
      continue;
    }
    const close = text.indexOf(closer, start + 2);
    if (close === -1) {
      tags.push(unterminated(opener, text, start));
      return tags;
    }
    tags.push(parseTag(opener, text.slice(start, close + 2), start));
    from = close + 2;
  }
}
