import type { File, FileChild, IContext } from 'docx';
import { writeXmlable } from './xmlable-writer.js';

/**
 * Writes the document body piece by piece. docx turns a whole document into one object tree
 * (several objects per attribute) before writing any XML; for a 300-page document that tree is
 * most of the export's memory. Here each block is turned into XML as soon as it is made and its
 * objects become garbage, so the peak is one block's tree, not the document's.
 *
 * The pieces are prepared against the real document (`file`), so hyperlink relationships and
 * list instances are registered on it exactly as when docx writes the body itself; the only
 * thing docx would do afterwards — replacing `{reference-instance}` list placeholders with the
 * numbering ids — is done in `finish()`.
 */
export class BodyWriter {
  private readonly context: IContext;
  private readonly pieces: string[] = [];

  constructor(private readonly file: File) {
    this.context = { file, viewWrapper: file.Document, stack: [] };
  }

  /** Serializes the elements now; the caller may drop them afterwards. */
  write(elements: readonly FileChild[]): void {
    for (const element of elements) {
      const xmlable = element.prepForXml(this.context);
      if (xmlable) this.pieces.push(writeXmlable(xmlable));
    }
  }

  /** The body XML written so far, with list placeholders resolved. Call once, after every write. */
  finish(): string {
    const numIds = new Map(this.file.Numbering.ConcreteNumbering.map((n) => [`${n.reference}-${n.instance}`, String(n.numId)]));
    const xml = this.pieces.join('');
    this.pieces.length = 0;
    // Only inside w:numId values: a "{…}" in the document's text is text.
    return xml.replace(/(<w:numId w:val=")\{([^{}"]+)\}(")/g, (whole, head: string, key: string, tail: string) => {
      const numId = numIds.get(key);
      return numId === undefined ? whole : `${head}${numId}${tail}`;
    });
  }
}
