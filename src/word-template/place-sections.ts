import type { CitationRegistry } from '../docx/citations.js';
import { describeSource } from '../docx/citations.js';
import type { Inline } from '../docx/document-blocks.js';
import { addDraftMark } from './draft-mark.js';
import { addNotice } from './notice-mark.js';
import { withDecimalEndnotes } from './endnote-numbering.js';
import { addRelationship, ensureNamespace, escapeXml, partText, R_NS, type DocxPackage } from './docx-package.js';
import { styleNumId, TemplateNumbering } from './list-numbering.js';
import { convertMarkers, type MarkerContent } from './marker-content.js';
import { NotesPart } from './notes-part.js';
import { blocksXml, endsWithParagraph, listStart, type BlockWriter } from './ooxml-blocks.js';
import { inlinesXml, runProperties, type InlineWriter } from './ooxml-inlines.js';
import { rolesUsed } from './roles-used.js';
import { findRoleStyle, listStyles, resolveStyles, type StyleRole } from './template-styles.js';
import type { WordTemplateFill } from './word-template-types.js';

export type { DocxPackage } from './docx-package.js';
export { readTemplateStyles } from './template-styles.js';

/**
 * Section placement (issue 30): the engine has filled the template's tags and left a marker
 * comment where each section placeholder's paragraph was; this writes the generated sections
 * there, in the template's own styles (template-styles.ts), with lists numbered
 * (list-numbering.ts), citations as real notes (notes-part.ts) and, until the document is
 * finalized, the DRAFT mark in its headers (draft-mark.ts). Pure and deterministic: the same
 * package and fill give the same parts (docs/adr/0364-word-template-sections-as-ooxml.md).
 */

const DOCUMENT = 'word/document.xml';

/**
 * Replaces every section marker of `word/document.xml` with its generated content, adds the
 * DRAFT mark when the document is not finalized and the document's notice (stale sections) at
 * the top of the body (notice-mark.ts). Edits `pkg` in place.
 *
 * @throws Error only on a package without the parts a .docx has (the engine checked it is one).
 */
export function placeSections(pkg: DocxPackage, fill: WordTemplateFill): void {
  const documentXml = partText(pkg, DOCUMENT);
  if (documentXml === null) throw new Error('the package has no word/document.xml');
  const { markers, citations } = convertMarkers(documentXml, fill);
  if (markers.length > 0) pkg.set(DOCUMENT, writeMarkers(pkg, documentXml, markers, citations));
  if (fill.composed.lifecycleState !== 'finalized') addDraftMark(pkg);
  addNotice(pkg, fill.composed.notice);
}

function neededRoles(markers: readonly MarkerContent[], citations: CitationRegistry): StyleRole[] {
  const roles = new Set<StyleRole>();
  for (const marker of markers) rolesUsed(marker.blocks, roles);
  if (citations.entries().length > 0) {
    const endnotes = citations.style === 'endnotes';
    roles.add(endnotes ? 'endnote text' : 'footnote text').add(endnotes ? 'endnote reference' : 'footnote reference');
    if (citations.entries().some(({ source }) => describeSource(source).url)) roles.add('Hyperlink');
  }
  return [...roles];
}

function linkWriter(pkg: DocxPackage, part: string): (url: string) => string {
  const ids = new Map<string, string>();
  return (url) => {
    let id = ids.get(url);
    if (id === undefined) ids.set(url, (id = addRelationship(pkg, part, 'hyperlink', url, true)));
    return id;
  };
}

/** Pass 2: the markers' XML in the template's styles, spliced into document.xml in place of the markers. */
function writeMarkers(pkg: DocxPackage, documentXml: string, markers: readonly MarkerContent[], citations: CitationRegistry): string {
  const { ids } = resolveStyles(pkg, neededRoles(markers, citations));
  const styles = listStyles(partText(pkg, 'word/styles.xml') ?? '');
  const numbering = new TemplateNumbering(pkg, {
    bulletNumId: styleNumId(findRoleStyle(styles, 'List Bullet')?.xml ?? null),
    orderedNumId: styleNumId(findRoleStyle(styles, 'List Number')?.xml ?? null),
  });
  const notes =
    citations.style === 'brackets' || citations.style === 'none' ? null : new NotesPart(pkg, citations.style === 'endnotes' ? 'endnote' : 'footnote');
  const link = linkWriter(pkg, DOCUMENT);
  let out = '';
  let last = 0;
  for (const marker of markers) {
    const writer: BlockWriter = {
      styles: ids,
      link,
      noteId: (id) => id + (notes?.idOffset ?? 0),
      noteNumber: (id) => id + marker.templateNotesBefore,
      listNumId: (reference, instance) => numbering.numId(reference, instance, listStart(reference)),
    };
    let xml = blocksXml(marker.blocks, writer);
    if (marker.inCell && !endsWithParagraph(xml)) xml += '<w:p/>';
    out += documentXml.slice(last, marker.start) + xml;
    last = marker.end;
  }
  out += documentXml.slice(last);
  numbering.finish();
  if (notes) writeNotes(pkg, notes, citations, ids);
  const withNamespace = ensureNamespace(out, 'w:document', 'r', R_NS);
  return notes?.kind === 'endnote' && citations.entries().length > 0 ? withDecimalEndnotes(withNamespace) : withNamespace;
}

/** Each note names its source in full (title, link, place), as the built-in layouts' notes do. */
function writeNotes(pkg: DocxPackage, notes: NotesPart, citations: CitationRegistry, ids: Readonly<Partial<Record<StyleRole, string>>>): void {
  const endnote = notes.kind === 'endnote';
  const writer: InlineWriter = { styles: ids, link: linkWriter(pkg, notes.path), noteId: (id) => id, noteNumber: (id) => id };
  const textStyle = ids[endnote ? 'endnote text' : 'footnote text'];
  const refStyle = ids[endnote ? 'endnote reference' : 'footnote reference'];
  for (const { id, source } of citations.entries()) {
    const { title, url, location } = describeSource(source);
    const inlines: Inline[] = [{ kind: 'text', text: ` ${title}.`, marks: {} }];
    if (url) inlines.push({ kind: 'text', text: ' ', marks: {} }, { kind: 'text', text: url, marks: {}, link: url });
    if (location) inlines.push({ kind: 'text', text: ` ${location}.`, marks: {} });
    const mark = `<w:r>${runProperties({}, { rStyle: refStyle })}<w:${endnote ? 'endnoteRef' : 'footnoteRef'}/></w:r>`;
    const pPr = textStyle ? `<w:pPr><w:pStyle w:val="${escapeXml(textStyle)}"/></w:pPr>` : '';
    notes.add(id, `<w:p>${pPr}${mark}${inlinesXml(inlines, writer)}</w:p>`);
  }
  notes.finish();
}
