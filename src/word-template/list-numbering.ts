import { BULLETS } from '../docx/numbering.js';
import { addRelationship, attribute, ensureContentType, insertBeforeClose, partText, W_NS, WML_CONTENT_TYPE, type DocxPackage } from './docx-package.js';

/**
 * The numbering of the generated lists. When the template's List Bullet / List Number styles
 * carry a numbering (Word's own do), the lists use that definition, so they look like the
 * template's lists; otherwise bullet and decimal definitions are added to numbering.xml (created
 * when the template has none). Every numbered list gets a `w:num` of its own that restarts at its
 * first number: two lists in a section do not continue each other
 * (docs/adr/0364-word-template-sections-as-ooxml.md).
 */

const PART = 'word/numbering.xml';
const LEVELS = 9;
const INDENT_STEP = 360;
const BULLET_GLYPHS = ['•', '◦', '▪'];
const ORDERED_FORMATS = ['decimal', 'lowerLetter', 'lowerRoman'];

export interface ListStyleNumbering {
  /** The `w:numId` the List Bullet style carries, when it has one. */
  bulletNumId: string | null;
  /** The `w:numId` the List Number style carries, when it has one. */
  orderedNumId: string | null;
}

/** The numId a paragraph style's own `w:numPr` names (0 means "no numbering"). */
export function styleNumId(styleXml: string | null): string | null {
  const numId = styleXml ? /<w:numId\s+w:val="(\d+)"/.exec(styleXml)?.[1] : undefined;
  return numId && numId !== '0' ? numId : null;
}

function levelXml(level: number, format: string, text: string, start: number): string {
  const indent = INDENT_STEP * 2 * (level + 1);
  return (
    `<w:lvl w:ilvl="${level}"><w:start w:val="${start}"/><w:numFmt w:val="${format}"/><w:lvlText w:val="${text}"/><w:lvlJc w:val="left"/>` +
    `<w:pPr><w:ind w:left="${indent}" w:hanging="${INDENT_STEP}"/></w:pPr></w:lvl>`
  );
}

function abstractXml(id: number, ordered: boolean): string {
  const levels = Array.from({ length: LEVELS }, (_, l) =>
    ordered ? levelXml(l, ORDERED_FORMATS[l % ORDERED_FORMATS.length], `%${l + 1}.`, 1) : levelXml(l, 'bullet', BULLET_GLYPHS[l % BULLET_GLYPHS.length], 1),
  );
  return `<w:abstractNum w:abstractNumId="${id}"><w:multiLevelType w:val="hybridMultilevel"/>${levels.join('')}</w:abstractNum>`;
}

export class TemplateNumbering {
  private xml: string;
  private readonly created: boolean;
  private nextAbstractId: number;
  private nextNumId: number;
  private readonly newAbstracts: string[] = [];
  private readonly newNums: string[] = [];
  private readonly numIds = new Map<string, string>();
  private bulletAbstract: string | null = null;
  private orderedAbstract: string | null = null;

  constructor(
    private readonly pkg: DocxPackage,
    private readonly fromStyles: ListStyleNumbering,
  ) {
    const existing = partText(pkg, PART);
    this.created = existing === null;
    this.xml = existing ?? `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:numbering xmlns:w="${W_NS}"></w:numbering>`;
    this.nextAbstractId = 1 + Math.max(-1, ...[...this.xml.matchAll(/<w:abstractNum\b[^>]*w:abstractNumId="(\d+)"/g)].map((m) => Number(m[1])));
    this.nextNumId = 1 + Math.max(0, ...[...this.xml.matchAll(/<w:num\b[^>]*w:numId="(\d+)"/g)].map((m) => Number(m[1])));
  }

  /** The numId of one list instance (a Markdown list and the lists nested in it that continue it). */
  numId(reference: string, instance: number, start: number): string {
    const key = `${reference}#${instance}`;
    const known = this.numIds.get(key);
    if (known) return known;
    const ordered = reference !== BULLETS;
    // Bullets never restart, so every bullet list may share the style's own numbering.
    const id =
      !ordered && this.fromStyles.bulletNumId && this.abstractOf(this.fromStyles.bulletNumId) ? this.fromStyles.bulletNumId : this.addNum(ordered, start);
    this.numIds.set(key, id);
    return id;
  }

  private addNum(ordered: boolean, start: number): string {
    const abstract = ordered ? this.orderedAbstractId() : this.bulletAbstractId();
    const id = String(this.nextNumId++);
    const restart = ordered ? `<w:lvlOverride w:ilvl="0"><w:startOverride w:val="${start}"/></w:lvlOverride>` : '';
    this.newNums.push(`<w:num w:numId="${id}"><w:abstractNumId w:val="${abstract}"/>${restart}</w:num>`);
    return id;
  }

  private orderedAbstractId(): string {
    this.orderedAbstract ??= (this.fromStyles.orderedNumId && this.abstractOf(this.fromStyles.orderedNumId)) || this.addAbstract(true);
    return this.orderedAbstract;
  }

  private bulletAbstractId(): string {
    this.bulletAbstract ??= this.addAbstract(false);
    return this.bulletAbstract;
  }

  private addAbstract(ordered: boolean): string {
    const id = this.nextAbstractId++;
    this.newAbstracts.push(abstractXml(id, ordered));
    return String(id);
  }

  /** The abstractNumId behind a numId of the template, or null when numbering.xml lacks it. */
  private abstractOf(numId: string): string | null {
    for (const match of this.xml.matchAll(/<w:num\b[^>]*>[\s\S]*?<\/w:num>/g)) {
      if (attribute(match[0].slice(0, match[0].indexOf('>') + 1), 'w:numId') !== numId) continue;
      return /<w:abstractNumId\s+w:val="(\d+)"/.exec(match[0])?.[1] ?? null;
    }
    return null;
  }

  /** Writes the new definitions: abstract ones before every `w:num`, as the schema orders them. */
  finish(): void {
    if (this.newAbstracts.length === 0 && this.newNums.length === 0) return;
    let xml = this.xml;
    const firstNum = /<w:num[\s>]/.exec(xml);
    const abstracts = this.newAbstracts.join('');
    xml = firstNum ? xml.slice(0, firstNum.index) + abstracts + xml.slice(firstNum.index) : insertBeforeClose(xml, 'w:numbering', abstracts);
    const cleanup = xml.indexOf('<w:numIdMacAtCleanup');
    const nums = this.newNums.join('');
    xml = cleanup >= 0 ? xml.slice(0, cleanup) + nums + xml.slice(cleanup) : insertBeforeClose(xml, 'w:numbering', nums);
    this.pkg.set(PART, xml);
    if (this.created) {
      addRelationship(this.pkg, 'word/document.xml', 'numbering', 'numbering.xml');
      ensureContentType(this.pkg, PART, `${WML_CONTENT_TYPE}.numbering+xml`);
    }
  }
}
