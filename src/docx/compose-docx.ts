import {
  Bookmark,
  Document,
  type FileChild,
  ExternalHyperlink,
  Footer,
  Header,
  NumberFormat,
  PageNumber,
  Packer,
  Paragraph,
  Tab,
  TabStopType,
  TextRun,
  type ICommentOptions,
  type ParagraphChild,
} from 'docx';
import { blocksToDocx, type DocxRenderContext } from './blocks-to-docx.js';
import { BODY_PLACEHOLDER } from './body-placeholder.js';
import { BodyWriter } from './body-writer.js';
import { CitationRegistry, describeSource } from './citations.js';
import { anchorClaim } from './comments.js';
import type { ComposedBlock, ComposedDocument, ComposedSource } from './composed-document.js';
import type { Block, Inline } from './document-blocks.js';
import { makeDeterministic, normalizeTimestamp } from './deterministic-zip.js';
import { libraryBlockToBlocks } from './library-blocks.js';
import type { ConversionContext } from './markdown-to-blocks.js';
import { backMatter, frontMatter, layoutProfile, logoParagraph } from './layout-profile.js';
import { noticeParagraphs } from './notice-paragraph.js';
import { NumberingRegistry } from './numbering.js';
import { documentLanguage, pageGeometry, type PageGeometry } from './render-options.js';
import { sectionContentToBlocks } from './section-content.js';
import { styleSignatureLines } from './signature-lines.js';
import { DRAFT_COLOR, buildStyles } from './styles.js';
import { TableOfContentsBuilder } from './table-of-contents.js';
import { xmlSafe } from './xml-text.js';

/**
 * ComposedDocument → .docx bytes. Pure: no I/O, no clock, no randomness — the same document
 * gives the same bytes (see deterministic-zip.ts for the parts of docx that needed help).
 */

const COMMENT_AUTHOR = 'Quire';
const COMMENT_INITIALS = 'Q';

function text(value: string): Inline[] {
  return [{ kind: 'text', text: value, marks: {} }];
}

interface BlockConversion {
  ctx: ConversionContext;
  comments: ICommentOptions[];
  commentDate: Date;
}

function commentBody(claim: string, reason: string): Paragraph[] {
  return [
    new Paragraph({ children: [new TextRun({ text: 'Unsupported claim: ', bold: true }), new TextRun(xmlSafe(reason))] }),
    new Paragraph({ children: [new TextRun({ text: xmlSafe(`“${claim}”`), italics: true })] }),
  ];
}

function blockToBlocks(block: ComposedBlock, conv: BlockConversion): Block[] {
  const { ctx } = conv;
  switch (block.kind) {
    case 'section': {
      // Notes are one per source per section: a section starts the count afresh.
      ctx.citations.startSection();
      const heading: Inline[] = text(block.title);
      const content = styleSignatureLines(sectionContentToBlocks(block, ctx));
      for (const claim of block.unsupportedClaims ?? []) {
        if (!claim.text.trim()) continue;
        const id = conv.comments.length;
        anchorClaim(content, heading, claim.text, id);
        conv.comments.push({
          id,
          author: COMMENT_AUTHOR,
          initials: COMMENT_INITIALS,
          date: conv.commentDate,
          children: commentBody(claim.text, claim.reason),
        });
      }
      return [{ kind: 'heading', level: 1, inlines: heading, numbered: ctx.headingNumbering }, ...content];
    }
    case 'riskBlock':
    case 'snippet':
      return libraryBlockToBlocks(block, ctx);
  }
}

function sourceChildren(source: ComposedSource, withNumber = true): ParagraphChild[] {
  const { label, title, url, location } = describeSource(source);
  const children: ParagraphChild[] = [new TextRun(xmlSafe(`${withNumber ? label : title}.`))];
  if (url) {
    children.push(new TextRun(' '));
    children.push(new ExternalHyperlink({ link: url, children: [new TextRun({ text: xmlSafe(url), style: 'Hyperlink' })] }));
  }
  if (location) children.push(new TextRun(xmlSafe(` ${location}.`)));
  return children;
}

function sourcesList(sources: readonly ComposedSource[], bookmark: string | undefined): FileChild[] {
  if (sources.length === 0) return [];
  const sorted = [...sources].sort((a, b) => a.n - b.n);
  const title = new TextRun('Sources');
  return [
    // Not numbered even with heading numbering: it is back matter, not a chapter.
    new Paragraph({ heading: 'Heading1', children: [bookmark ? new Bookmark({ id: bookmark, children: [title] }) : title] }),
    ...sorted.map((source) => new Paragraph({ style: 'SourceEntry', children: sourceChildren(source) })),
  ];
}

function headerFooters(doc: ComposedDocument, geometry: PageGeometry) {
  const { render } = doc;
  const distinctFirstPage = layoutProfile(render.layout).distinctFirstPage;
  const draft = doc.lifecycleState !== 'finalized';
  const tabStops = [{ type: TabStopType.RIGHT, position: geometry.textWidth }];
  const draftRun = (): TextRun => new TextRun({ text: 'DRAFT', bold: true, color: DRAFT_COLOR });
  const headerText = render.headerText?.trim() ? xmlSafe(render.headerText.trim()) : '';
  const footerText = render.footerText?.trim() ? xmlSafe(render.footerText.trim()) : '';

  const headerChildren: ParagraphChild[] = [];
  if (headerText) headerChildren.push(new TextRun(headerText));
  if (draft) headerChildren.push(new TextRun({ children: [new Tab()] }), draftRun());

  const footerChildren: ParagraphChild[] = [];
  if (footerText) footerChildren.push(new TextRun(footerText));
  if (render.pageNumbers) {
    footerChildren.push(new TextRun({ children: [new Tab(), 'Page ', PageNumber.CURRENT, ' of ', PageNumber.TOTAL_PAGES] }));
  }

  const para = (children: ParagraphChild[]): Paragraph => new Paragraph({ style: 'HeaderFooterText', tabStops, children });
  // A cover or a letterhead page shows only the DRAFT marker: its own block says the rest.
  const firstHeader = (): Header => new Header({ children: [para(draft ? [new TextRun({ children: [new Tab()] }), draftRun()] : [])] });
  return {
    headers:
      headerChildren.length > 0
        ? { default: new Header({ children: [para(headerChildren)] }), ...(distinctFirstPage ? { first: firstHeader() } : {}) }
        : undefined,
    footers:
      footerChildren.length > 0
        ? { default: new Footer({ children: [para(footerChildren)] }), ...(distinctFirstPage ? { first: new Footer({ children: [para([])] }) } : {}) }
        : undefined,
    titlePage: distinctFirstPage && (headerChildren.length > 0 || footerChildren.length > 0),
  };
}

function noteParts(citations: CitationRegistry, style: 'FootnoteText' | 'EndnoteText'): Record<string, { children: Paragraph[] }> {
  const parts: Record<string, { children: Paragraph[] }> = {};
  for (const { id, source } of citations.entries()) {
    // Notes are numbered by Word (1, 2, 3… in the order of the text), so the text names the
    // source by title rather than by its [n], which would read as a second, different number.
    parts[String(id)] = { children: [new Paragraph({ style, children: [new TextRun(' '), ...sourceChildren(source, false)] })] };
  }
  return parts;
}

/**
 * ComposedDocument → .docx bytes.
 *
 * In two passes, to keep the peak memory of a long document low: first every block becomes the
 * small intermediate model (which registers the footnotes, lists and comments the other parts
 * need, and the headings the table of contents lists); then, with the document's parts created,
 * the body is written block by block as XML (body-writer.ts), each block's docx objects garbage
 * as soon as its XML exists.
 *
 * @throws Error only on a bug (docx refusing what the composer built); any input composes.
 */
export async function composeDocx(doc: ComposedDocument): Promise<Buffer> {
  const geometry = pageGeometry(doc.render);
  const language = documentLanguage(doc.render);
  const created = normalizeTimestamp(doc.properties.created);
  const citations = new CitationRegistry(doc.sources, doc.render.citationStyle);
  const numbering = new NumberingRegistry();
  const conv: BlockConversion = {
    ctx: { citations, numbering, headingNumbering: doc.render.headingNumbering },
    comments: [],
    commentDate: created,
  };
  const renderCtx: DocxRenderContext = { textWidth: geometry.textWidth };

  // Pass 1: the intermediate model of every block.
  const toc = doc.render.toc && layoutProfile(doc.render.layout).allowsToc ? new TableOfContentsBuilder() : null;
  const converted: Array<Block[] | null> = doc.blocks.map((block) => {
    const blocks = blockToBlocks(block, conv);
    toc?.listHeadingsOf(blocks);
    return blocks;
  });
  const listed = doc.render.citationStyle === 'none' ? [] : doc.sources;
  const sourcesBookmark = listed.length > 0 ? toc?.listHeading(1, 'Sources') : undefined;

  const document = documentShell(doc, geometry, { conv, numbering, citations, withToc: toc !== null });
  const bodyXml = writeBody(document, doc, converted, { renderCtx, language, toc, sourcesBookmark });

  const packed = await Packer.toBuffer(document);
  return makeDeterministic(packed, created, bodyXml);
}

/**
 * The document's parts (properties, styles, numbering, notes, comments, the page setup, headers
 * and footers), with a placeholder where the body will be written.
 */
function documentShell(
  doc: ComposedDocument,
  geometry: PageGeometry,
  parts: { conv: BlockConversion; numbering: NumberingRegistry; citations: CitationRegistry; withToc: boolean },
): Document {
  const { conv, numbering, citations } = parts;
  const endnotes = citations.style === 'endnotes';
  const { headers, footers, titlePage: differentFirstPage } = headerFooters(doc, geometry);
  return new Document({
    title: xmlSafe(doc.title),
    subject: doc.properties.subject ? xmlSafe(doc.properties.subject) : undefined,
    creator: xmlSafe(doc.properties.creator),
    lastModifiedBy: xmlSafe(doc.properties.creator),
    description: doc.description ? xmlSafe(doc.description) : undefined,
    revision: 1,
    // With a table of contents, Word is asked to update the fields on open: that is when it
    // adds the page numbers (the table's field is also written dirty).
    ...(parts.withToc ? { features: { updateFields: true } } : {}),
    styles: buildStyles(doc.render),
    numbering: numbering.toOptions(),
    ...(endnotes ? { endnotes: noteParts(citations, 'EndnoteText') } : { footnotes: noteParts(citations, 'FootnoteText') }),
    comments: { children: conv.comments },
    sections: [
      {
        properties: {
          titlePage: differentFirstPage,
          page: {
            size: { width: geometry.width, height: geometry.height },
            margin: geometry.margin,
          },
          // Word and LibreOffice number endnotes i, ii, iii unless told; the text's repeated
          // marks print the note's number, so both say 1, 2, 3.
          ...(endnotes ? { endnoteProperties: { numberFormat: { type: NumberFormat.DECIMAL } } } : {}),
        },
        headers,
        footers,
        children: [...[logoParagraph(doc)].filter((p) => p !== null), new Paragraph({ children: [new TextRun(BODY_PLACEHOLDER)] })],
      },
    ],
  });
}

/** Pass 2: the body, written as XML block by block; each block's intermediate model is dropped once written. */
function writeBody(
  document: Document,
  doc: ComposedDocument,
  converted: Array<Block[] | null>,
  pass: { renderCtx: DocxRenderContext; language: string; toc: TableOfContentsBuilder | null; sourcesBookmark: string | undefined },
): string {
  const { renderCtx, language, toc, sourcesBookmark } = pass;
  const body = new BodyWriter(document);
  // Before the cover or the letterhead's text: the first thing a reader sees.
  body.write(noticeParagraphs(doc));
  body.write(frontMatter(doc, language, toc ? toc.elements() : null));
  for (let i = 0; i < converted.length; i++) {
    const blocks = converted[i];
    if (blocks) body.write(blocksToDocx(blocks, renderCtx));
    converted[i] = null; // this block's intermediate model is garbage from here on
  }
  body.write(backMatter(doc));
  // `none`: no marks point to a list, so there is none (a letter has no "Sources" heading).
  body.write(sourcesList(doc.render.citationStyle === 'none' ? [] : doc.sources, sourcesBookmark));
  return body.finish();
}
