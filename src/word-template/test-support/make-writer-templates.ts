/**
 * Makes the LibreOffice Writer Word templates of the tests: each is written as a flat OpenDocument
 * text (.fodt, the format Writer saves as XML) and saved as .docx by Writer itself
 * (`soffice --convert-to docx`), so the files have Writer's own runs, styles, numbering, header and
 * footer parts and image relationships. Slow (a LibreOffice start per file), so the .docx files are
 * committed beside this script; run it again after changing a template:
 *
 *   npx tsx src/word-template/test-support/make-writer-templates.ts
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOGO_PNG } from './ooxml-builder.js';

const NS = [
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"',
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"',
  'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"',
  'xmlns:xlink="http://www.w3.org/1999/xlink"',
  'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"',
].join(' ');

const STYLES = `<office:styles>
<style:style style:name="Standard" style:family="paragraph"><style:text-properties fo:font-size="11pt"/></style:style>
<style:style style:name="Heading_20_1" style:display-name="Heading 1" style:family="paragraph" style:parent-style-name="Standard" style:default-outline-level="1"><style:text-properties fo:font-size="16pt" fo:font-weight="bold"/></style:style>
<style:style style:name="Firm_20_Body" style:display-name="Firm Body" style:family="paragraph" style:parent-style-name="Standard"><style:paragraph-properties fo:margin-bottom="0.2cm"/></style:style>
</office:styles>
<office:automatic-styles>
<style:style style:name="T1" style:family="text"><style:text-properties fo:font-weight="bold"/></style:style>
<style:style style:name="T2" style:family="text"><style:text-properties fo:font-style="italic"/></style:style>
<text:list-style style:name="L1"><text:list-level-style-number text:level="1" style:num-suffix="." style:num-format="1"><style:list-level-properties text:list-level-position-and-space-mode="label-alignment"><style:list-level-label-alignment text:label-followed-by="listtab" fo:text-indent="-0.635cm" fo:margin-left="1.27cm"/></style:list-level-properties></text:list-level-style-number></text:list-style>
<style:page-layout style:name="pm1"><style:page-layout-properties fo:page-width="21cm" fo:page-height="29.7cm" fo:margin-top="1.5cm" fo:margin-bottom="1.5cm" fo:margin-left="2cm" fo:margin-right="2cm"/><style:header-style/><style:footer-style/></style:page-layout>
</office:automatic-styles>`;

const LOGO = `<draw:frame draw:name="Logo" text:anchor-type="as-char" svg:width="2cm" svg:height="0.5cm"><draw:image><office:binary-data>${LOGO_PNG.toString('base64')}</office:binary-data></draw:image></draw:frame>`;

function fodt(body: string, header = '', footer = ''): string {
  const master = `<office:master-styles><style:master-page style:name="Standard" style:page-layout-name="pm1">${header ? `<style:header>${header}</style:header>` : ''}${footer ? `<style:footer>${footer}</style:footer>` : ''}</style:master-page></office:master-styles>`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<office:document ${NS} office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">${STYLES}${master}<office:body><office:text>${body}</office:text></office:body></office:document>`;
}

const p = (content: string, style = 'Firm_20_Body') => `<text:p text:style-name="${style}">${content}</text:p>`;
const cell = (content: string) => `<table:table-cell office:value-type="string">${p(content, 'Standard')}</table:table-cell>`;
const row = (...cells: string[]) => `<table:table-row>${cells.map(cell).join('')}</table:table-row>`;
const tableOf = (rows: string[]) => `<table:table table:name="Fees"><table:table-column table:number-columns-repeated="2"/>${rows.join('')}</table:table>`;

/** The Writer templates by file name. */
export const WRITER_TEMPLATES: Record<string, string> = {
  // A letter: letterhead image and a tag in the header, the title and page number in the footer,
  // a tag whose middle is bold (Writer writes three runs), an inline condition and a footnote with a tag.
  'writer-letter': fodt(
    p('Engagement letter', 'Heading_20_1') +
      p('Dear {{ cli<text:span text:style-name="T1">ent_na</text:span>me }},') +
      p(
        'We are pleased to act for {{ client_name }}{% if vip %} as a priority client{% endif %}.<text:note text:id="ftn1" text:note-class="footnote"><text:note-citation>1</text:note-citation><text:note-body><text:p text:style-name="Standard">Terms agreed with {{ contact }}.</text:p></text:note-body></text:note>',
      ) +
      p('Yours faithfully, {{ partner }}'),
    p(`${LOGO} {{ organization.name }}`, 'Standard'),
    p('{{ document.title }} page <text:page-number text:select-page="current">1</text:page-number>', 'Standard'),
  ),
  // A fee table: a row loop with the row forms, a total row reading a computed value.
  'writer-fee-table': fodt(
    p('Fees for {{ client_name }}', 'Heading_20_1') +
      tableOf([
        row('Service', 'Fee'),
        row('{%tr for line in lines %}', ''),
        row('{{ line.service }}', '{{ <text:span text:style-name="T2">line.fee</text:span> }}'),
        row('{%tr endfor %}', ''),
        row('Total', '{{ computed.total }}'),
      ]),
  ),
  // A numbered list repeated by paragraph loops, with a nested condition.
  'writer-numbered-list': fodt(
    p('Findings', 'Heading_20_1') +
      `<text:list text:style-name="L1">` +
      ['{%p for finding in findings %}', '{{ finding.title }}{% if finding.critical %} (critical){% endif %}', '{%p endfor %}']
        .map((text) => `<text:list-item>${p(text, 'Standard')}</text:list-item>`)
        .join('') +
      '</text:list>' +
      p('{%p if findings | length > 2 %}') +
      p('Several findings need attention.') +
      p('{%p endif %}'),
  ),
  // A section placeholder in a table cell (Writer splits nothing here; the marker is what matters).
  'writer-section-cell': fodt(p('Report for {{ client_name }}', 'Heading_20_1') + tableOf([row('Findings', '{{ section(“findings”) }}')])),
};

function main(): void {
  const work = mkdtempSync(join(tmpdir(), 'writer-templates-'));
  const out = new URL('./fixtures/', import.meta.url).pathname;
  try {
    for (const [name, xml] of Object.entries(WRITER_TEMPLATES)) {
      writeFileSync(join(work, `${name}.fodt`), xml);
      execFileSync(
        'soffice',
        [
          `-env:UserInstallation=file://${work}/profile`,
          '--headless',
          '--norestore',
          '--convert-to',
          'docx:MS Word 2007 XML',
          '--outdir',
          work,
          join(work, `${name}.fodt`),
        ],
        {
          stdio: 'inherit',
          timeout: 120_000,
        },
      );
      copyFileSync(join(work, `${name}.docx`), join(out, `${name}.docx`));
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, ''))) main();
