import { DRAFT_COLOR } from '../docx/styles.js';
import {
  addRelationship,
  attribute,
  ensureContentType,
  ensureNamespace,
  insertBeforeClose,
  partText,
  R_NS,
  sectionPropertiesPattern,
  W_NS,
  WML_CONTENT_TYPE,
  type DocxPackage,
} from './docx-package.js';

/**
 * The DRAFT mark of a document that is not finalized, drawn as the built-in memo and letter
 * layouts draw it: "DRAFT" in bold red at the right of the page header, on every page
 * (docs/adr/0362-word-template-draft-mark.md). Each header part of the template gets a DRAFT
 * line after its own content; a section without a header of its own (or a distinct first page
 * without a first-page header) gets a header that holds only the mark. The template's headers,
 * letterheads and footers are otherwise untouched.
 */

const DOCUMENT = 'word/document.xml';
const DRAFT_HEADER = 'word/header-quire-draft.xml';
const HEADER_REL = `${R_NS}/header`;

export const DRAFT_PARAGRAPH = `<w:p><w:pPr><w:jc w:val="right"/></w:pPr><w:r><w:rPr><w:b/><w:bCs/><w:color w:val="${DRAFT_COLOR}"/></w:rPr><w:t>DRAFT</w:t></w:r></w:p>`;

/** The header parts document.xml refers to, by relationship id. */
function headerTargets(pkg: DocxPackage): Map<string, string> {
  const rels = partText(pkg, 'word/_rels/document.xml.rels') ?? '';
  const targets = new Map<string, string>();
  for (const match of rels.matchAll(/<Relationship\b[^>]*>/g)) {
    const tag = match[0];
    const target = attribute(tag, 'Target');
    const id = attribute(tag, 'Id');
    if (attribute(tag, 'Type') === HEADER_REL && target && id && attribute(tag, 'TargetMode') !== 'External')
      targets.set(id, `word/${target.replace(/^\/?word\//, '').replace(/^\//, '')}`);
  }
  return targets;
}

/** Adds the DRAFT mark to every page's header. Call only for a document that is not finalized. */
export function addDraftMark(pkg: DocxPackage): void {
  for (const path of new Set(headerTargets(pkg).values())) {
    const xml = partText(pkg, path);
    if (xml !== null) pkg.set(path, insertBeforeClose(xml, 'w:hdr', DRAFT_PARAGRAPH));
  }
  const documentXml = partText(pkg, DOCUMENT);
  if (documentXml !== null) pkg.set(DOCUMENT, ensureNamespace(withHeaderForUncoveredPages(pkg, documentXml), 'w:document', 'r', R_NS));
}

/** An on/off property that is on: `<w:titlePg/>` or `w:val` true. */
const ON = '(\\s*\\/>|\\s+w:val="(1|true|on)")';

function hasHeader(sectPr: string, type: 'default' | 'first' | 'even'): boolean {
  return new RegExp(`<w:headerReference\\b[^>]*w:type="${type}"`).test(sectPr);
}

/**
 * Pages no header covers: the first section without a default header (later sections inherit
 * the previous one's) or, when the template has distinct even pages, without an even-page
 * header; and a distinct first page without a first-page header.
 */
function withHeaderForUncoveredPages(pkg: DocxPackage, documentXml: string): string {
  let draftId: string | null = null;
  const draftHeader = (): string => (draftId ??= createDraftHeader(pkg));
  const evenPages = new RegExp(`<w:evenAndOddHeaders${ON}`).test(partText(pkg, 'word/settings.xml') ?? '');
  let first = true;
  return documentXml.replace(sectionPropertiesPattern(), (whole: string) => {
    const isFirst = first;
    first = false;
    const missing: string[] = [];
    if (isFirst && !hasHeader(whole, 'default')) missing.push('default');
    if (isFirst && evenPages && !hasHeader(whole, 'even')) missing.push('even');
    if (new RegExp(`<w:titlePg${ON}`).test(whole) && !hasHeader(whole, 'first')) missing.push('first');
    if (missing.length === 0) return whole;
    const refs = missing.map((type) => `<w:headerReference w:type="${type}" r:id="${draftHeader()}"/>`).join('');
    if (!whole.includes('</w:sectPr>')) return `${whole.slice(0, -2).trimEnd()}>${refs}</w:sectPr>`;
    const openEnd = whole.indexOf('>') + 1;
    return whole.slice(0, openEnd) + refs + whole.slice(openEnd);
  });
}

function createDraftHeader(pkg: DocxPackage): string {
  pkg.set(DRAFT_HEADER, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:hdr xmlns:w="${W_NS}" xmlns:r="${R_NS}">${DRAFT_PARAGRAPH}</w:hdr>`);
  ensureContentType(pkg, DRAFT_HEADER, `${WML_CONTENT_TYPE}.header+xml`);
  return addRelationship(pkg, DOCUMENT, 'header', 'header-quire-draft.xml');
}
