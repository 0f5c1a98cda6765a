import {
  addRelationship,
  ensureContentType,
  ensureNamespace,
  insertBeforeClose,
  partText,
  R_NS,
  W_NS,
  WML_CONTENT_TYPE,
  type DocxPackage,
} from './docx-package.js';

/**
 * The footnotes (or endnotes) part the citations are written to. A template with notes of its
 * own keeps them, and ours get the ids after its highest; a template without the part gets one,
 * with the separator notes (-1, 0) Word draws the line above the notes with
 * (docs/adr/0363-word-template-section-notes.md).
 */

export type NoteKind = 'footnote' | 'endnote';

const PLURAL: Readonly<Record<NoteKind, string>> = { footnote: 'footnotes', endnote: 'endnotes' };

function separators(kind: NoteKind): string {
  const paragraph = (inner: string): string => `<w:p><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:r>${inner}</w:r></w:p>`;
  return (
    `<w:${kind} w:type="separator" w:id="-1">${paragraph('<w:separator/>')}</w:${kind}>` +
    `<w:${kind} w:type="continuationSeparator" w:id="0">${paragraph('<w:continuationSeparator/>')}</w:${kind}>`
  );
}

export class NotesPart {
  readonly path: string;
  /** Added to a citation registry's note id (1, 2, …) to give the note's `w:id` in this part. */
  readonly idOffset: number;
  private readonly notes: string[] = [];
  private readonly existing: string | null;

  constructor(
    private readonly pkg: DocxPackage,
    readonly kind: NoteKind,
  ) {
    this.path = `word/${PLURAL[kind]}.xml`;
    this.existing = partText(pkg, this.path);
    const ids = [...(this.existing ?? '').matchAll(new RegExp(`<w:${kind}\\b[^>]*\\bw:id="(-?\\d+)"`, 'g'))].map((m) => Number(m[1]));
    this.idOffset = Math.max(0, ...ids);
  }

  /** Adds one note; `body` is the XML of its paragraphs (they start with the note's own mark run). */
  add(registryId: number, body: string): void {
    this.notes.push(`<w:${this.kind} w:id="${registryId + this.idOffset}">${body}</w:${this.kind}>`);
  }

  /** Writes the part (and, when it is new, its relationship and content type). */
  finish(): void {
    if (this.notes.length === 0) return;
    const root = `w:${PLURAL[this.kind]}`;
    let xml =
      this.existing ??
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<${root} xmlns:w="${W_NS}" xmlns:r="${R_NS}">${separators(this.kind)}</${root}>`;
    xml = ensureNamespace(xml, root, 'r', R_NS);
    this.pkg.set(this.path, insertBeforeClose(xml, root, this.notes.join('')));
    if (this.existing === null) {
      addRelationship(this.pkg, 'word/document.xml', PLURAL[this.kind], `${PLURAL[this.kind]}.xml`);
      ensureContentType(this.pkg, this.path, `${WML_CONTENT_TYPE}.${PLURAL[this.kind]}+xml`);
    }
  }
}
