/**
 * One part of a Word template as ONE Jinja source (the docxtpl approach): the part's XML is the
 * template's literal text; each tag Word split across runs is joined into the text node where it
 * starts; a paragraph / row / cell / run form replaces its enclosing element with the statement;
 * a section placeholder replaces its paragraph with the marker section placement looks for; and
 * every printed value goes through the `docx_text` filter (XML-escaped, newline → `<w:br/>`).
 *
 * The XML between tags is not written into the Jinja text itself: each stretch of it is one item of
 * a list the fill passes in the context (`{{ __quire_xml[7] }}`), so the source the Jinja library
 * parses is as long as the tags, not as the document (a 1.5 MB part parsed in about a second; its
 * skeleton in milliseconds), and the compiled-template cache holds skeletons, not documents.
 */
import { paragraphText, type WalkedPart, type WordParagraph } from './part-paragraphs.js';
import type { LocatedTag } from './located-tags.js';
import { encodeXmlText } from './xml-tokens.js';
import type { WordPartArea, WordTemplateProblem } from './word-template-types.js';

/** The comment a section placeholder's paragraph becomes; placeSections replaces it. */
export const sectionMarker = (key: string): string => `<!--quire-section:${key}-->`;

/** The context name of the list of XML stretches a part's source prints (see the file comment). */
export const XML_CHUNKS = '__quire_xml';

/** Literal XML, or Jinja code. */
type Segment = { xml: string } | { jinja: string };

/** A range of tokens replaced by Jinja code or a marker. */
interface Replacement {
  start: number;
  end: number;
  segment: Segment;
}

export interface PartSource {
  source: string;
  problems: WordTemplateProblem[];
}

/** The Jinja code a tag stands for in the source. */
function codeOf(tag: LocatedTag): Segment {
  if (tag.kind === 'comment') return { jinja: '' };
  if (tag.kind === 'print') return { jinja: `{{${tag.leftMark} (${tag.body}) | docx_text ${tag.rightMark}}}` };
  return { jinja: `{%${tag.leftMark} ${tag.body} ${tag.rightMark}%}` };
}

const ELEMENT_OF: Record<string, string> = { paragraph: 'paragraph', row: 'table row', cell: 'table cell', run: 'run' };

/** The start token of the element a form tag stands for, or null when the tag is not inside one. */
function formElement(tag: LocatedTag): number | null {
  const paragraph = tag.paragraph;
  if (tag.form === 'paragraph') return paragraph.start;
  if (tag.form === 'row') return paragraph.row;
  if (tag.form === 'cell') return paragraph.cell;
  let offset = 0;
  for (const node of paragraph.texts) {
    if (tag.start < offset + node.text.length) return node.run;
    offset += node.text.length;
  }
  return null;
}

/** Tags by paragraph, in order (Map.groupBy is not in Node 20). */
function byParagraphOf(tags: readonly LocatedTag[]): Map<WordParagraph, LocatedTag[]> {
  const groups = new Map<WordParagraph, LocatedTag[]>();
  for (const tag of tags) {
    const group = groups.get(tag.paragraph);
    if (group) group.push(tag);
    else groups.set(tag.paragraph, [tag]);
  }
  return groups;
}

function problem(code: WordTemplateProblem['code'], message: string, tag: LocatedTag): WordTemplateProblem {
  return { code, severity: 'error', message, location: tag.location };
}

/** Why a section placeholder cannot stand where it is, or null. */
function misplacement(tag: LocatedTag, area: WordPartArea, siblings: readonly LocatedTag[]): string | null {
  if (area !== 'body') return `${tag.raw} is in the ${area}: a section can only be placed in the document body`;
  const text = paragraphText(tag.paragraph);
  const rest = (text.slice(0, tag.start) + text.slice(tag.end)).trim();
  if (rest !== '' || siblings.length > 1) return `${tag.raw} must be alone on its paragraph (the section replaces the whole paragraph)`;
  return null;
}

/**
 * The section break a placeholder's paragraph carries (the last paragraph of a section of the
 * document holds that section's page setup in its `w:pPr`), as an empty paragraph that keeps it:
 * the placed section goes before the break, and the page setup, headers and footers stay.
 */
function sectionBreakOf(paragraph: WordParagraph, walked: WalkedPart): string {
  const end = walked.ends.get(paragraph.start) ?? paragraph.start;
  const xml = walked.tokens
    .slice(paragraph.start, end + 1)
    .map((t) => t.text)
    .join('');
  const properties = /<w:pPr\b[^>]*>[\s\S]*?<\/w:pPr>/.exec(xml)?.[0];
  return properties?.includes('<w:sectPr') ? `<w:p>${properties}</w:p>` : '';
}

/** The replacements for section placeholders and forms, and the problems of those that cannot stand where they are. */
function elementReplacements(tags: readonly LocatedTag[], walked: WalkedPart, area: WordPartArea, problems: WordTemplateProblem[]): Replacement[] {
  const byParagraph = byParagraphOf(tags);
  const replacements: Replacement[] = [];
  for (const tag of tags) {
    if (tag.problem !== null) continue;
    if (tag.kind === 'section') {
      const why = misplacement(tag, area, byParagraph.get(tag.paragraph) ?? []);
      if (why) problems.push(problem('misplaced-section', why, tag));
      else
        replacements.push({
          start: tag.paragraph.start,
          end: walked.ends.get(tag.paragraph.start) ?? tag.paragraph.start,
          segment: { xml: sectionMarker(tag.section ?? '*') + sectionBreakOf(tag.paragraph, walked) },
        });
    } else if (tag.form !== 'inline') {
      const start = formElement(tag);
      if (start === null) problems.push(problem('syntax', `${tag.raw} must be inside a ${ELEMENT_OF[tag.form]}`, tag));
      else replacements.push({ start, end: walked.ends.get(start) ?? start, segment: codeOf(tag) });
    }
  }
  return replacements;
}

/** New text-node contents for the paragraphs with inline tags: each tag joined into the node where it starts. */
function textRewrites(paragraph: WordParagraph, tags: readonly LocatedTag[], rewrites: Map<number, Segment[]>): void {
  const text = paragraphText(paragraph);
  let offset = 0;
  for (const node of paragraph.texts) {
    const nodeStart = offset;
    const nodeEnd = offset + node.text.length;
    offset = nodeEnd;
    const out: Segment[] = [];
    let position = nodeStart;
    for (const tag of tags) {
      if (tag.end <= nodeStart || tag.start >= nodeEnd) continue;
      if (tag.start > position) out.push({ xml: encodeXmlText(text.slice(position, tag.start)) });
      if (tag.start >= nodeStart && tag.form === 'inline' && tag.kind !== 'section') {
        out.push(codeOf(tag));
      }
      position = Math.min(tag.end, nodeEnd);
    }
    if (position === nodeStart) continue;
    if (position < nodeEnd) out.push({ xml: encodeXmlText(text.slice(position, nodeEnd)) });
    rewrites.set(node.token, out);
    // A printed value, or the text beside a tag that printed nothing, may begin or end with a space: the text element must keep it.
    rewrites.set(node.textOpen, [{ xml: '<w:t xml:space="preserve">' }]);
  }
}

/** Writes a part's source: XML stretches become items of `chunks`, printed by index; Jinja code is written as it is. */
class SourceWriter {
  private readonly source: string[] = [];
  private xml: string[] = [];

  constructor(private readonly chunks: string[]) {}

  write(segment: Segment): void {
    if ('xml' in segment) this.xml.push(segment.xml);
    else if (segment.jinja !== '') {
      this.flush();
      this.source.push(segment.jinja);
    }
  }

  done(): string {
    this.flush();
    return this.source.join('');
  }

  private flush(): void {
    const xml = this.xml.join('');
    this.xml = [];
    if (xml === '') return;
    this.source.push(`{{ ${XML_CHUNKS}[${this.chunks.length}] }}`);
    this.chunks.push(xml);
  }
}

function emit(walked: WalkedPart, replacements: Replacement[], rewrites: Map<number, Segment[]>, chunks: string[]): string {
  replacements.sort((a, b) => a.start - b.start || b.end - a.end);
  const writer = new SourceWriter(chunks);
  let next = 0;
  for (let index = 0; index < walked.tokens.length; index += 1) {
    const replacement = replacements[next];
    if (replacement && replacement.start === index) {
      // Forms and placeholders nested inside a replaced element are written in order with it.
      while (next < replacements.length && replacements[next].start <= replacement.end) writer.write(replacements[next++].segment);
      index = replacement.end;
      continue;
    }
    for (const segment of rewrites.get(index) ?? [{ xml: walked.tokens[index].text }]) writer.write(segment);
  }
  return writer.done();
}

/** The part's Jinja source (its XML stretches appended to `chunks`), and the problems of tags that cannot stand where they are. */
export function partSource(walked: WalkedPart, area: WordPartArea, tags: readonly LocatedTag[], chunks: string[]): PartSource {
  const problems: WordTemplateProblem[] = [];
  const replacements = elementReplacements(tags, walked, area, problems);
  const rewrites = new Map<number, Segment[]>();
  for (const [paragraph, own] of byParagraphOf(tags)) textRewrites(paragraph, own, rewrites);
  return { source: emit(walked, replacements, rewrites, chunks), problems };
}
