/**
 * The Word templates of the tests, made the way customers make them — in Word (generated here
 * with Word's run splitting: ooxml-builder.ts) and in LibreOffice Writer (fixtures/writer-*.docx,
 * made by make-writer-templates.ts) — each with the context it is filled from and what a reader
 * sees in the filled document.
 */
import { readFile } from 'node:fs/promises';
import { bookmark, buildDocx, footnoteReference, letterheadImage, misspelt, numbered, paragraph, run, table } from './ooxml-builder.js';

export interface CustomerTemplate {
  name: string;
  docx: () => Promise<Buffer>;
  context: Record<string, unknown>;
  /** The body text pandoc reads from the filled file, in order, as words (see plainWords). */
  text: string;
  /** Text the PDF shows that pandoc does not read (headers, footers). */
  pdfText?: string[];
}

/** Text as a sequence of words: whitespace and the rules pandoc draws around table cells collapse to one space. */
export const plainWords = (text: string): string => text.replace(/[\s\-+|=]+/g, ' ').trim();

/** A render context as the pipeline builds it (pipeline/stages/render.ts buildRenderContext). */
export function renderContext(fields: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...fields,
    fields,
    gathered: {},
    computed: {},
    document: { title: 'Engagement 2026-07' },
    organization: { name: 'Acme Advisory' },
    sections: {},
    snippets: {},
    today: '2026-11-29',
    ...extra,
  };
}

const fixture = (name: string) => () => readFile(new URL(`./fixtures/${name}.docx`, import.meta.url));

const GENERATED: CustomerTemplate[] = [
  {
    // Word split every tag: spell-check marks, bold in the middle of a name, a bookmark inside a tag, curly quotes.
    name: 'word-split-runs',
    docx: () =>
      buildDocx({
        body:
          paragraph('Letter of engagement', 'Heading1') +
          paragraph([run('Dear {{ cli'), misspelt('ent_na', '<w:b/>'), run('me }},')], 'FirmLetterBody') +
          paragraph([run('{{ '), bookmark(1, 'fee'), run('fee | currency(“EUR”) }} is due', '<w:i/>'), run(' on {{ due }}.')], 'FirmLetterBody') +
          paragraph([run('{'), run('{ partner }'), run('}')], 'FirmLetterBody'),
      }),
    context: renderContext({ client_name: 'Jane Roe', fee: 1200, due: '1 March', partner: 'Ann Smith' }),
    text: 'Letter of engagement Dear Jane Roe, €1,200.00 is due on 1 March. Ann Smith',
  },
  {
    name: 'word-row-loop',
    docx: () =>
      buildDocx({
        body:
          paragraph('Services', 'Heading1') +
          table([
            ['Service', 'Fee'],
            ['{%tr for line in lines %}', ''],
            [
              [paragraph('{{ line.service }}'), paragraph([run('{%p if line.note %}')]), paragraph('{{ line.note }}'), paragraph('{%p endif %}')],
              '{{ line.fee }}',
            ],
            ['{%tr endfor %}', ''],
          ]),
      }),
    context: renderContext({
      lines: [
        { service: 'Audit', fee: '900', note: 'fixed price' },
        { service: 'Advice', fee: '300' },
      ],
    }),
    // pandoc writes a table line by line: the fee beside the service, the note on the cell's next line.
    text: 'Services Service Fee Audit 900 fixed price Advice 300',
  },
  {
    name: 'word-nested-conditions',
    docx: () =>
      buildDocx({
        body:
          paragraph('{%p if kind == "company" %}') +
          paragraph('{%p if employees > 250 %}') +
          paragraph('A large company.') +
          paragraph('{%p else %}') +
          paragraph('A small company{% if listed %}, listed{% else %}, private{% endif %}.') +
          paragraph('{%p endif %}') +
          paragraph('{%p elif kind == "person" %}') +
          paragraph('A natural person.') +
          paragraph('{%p endif %}') +
          paragraph('End.'),
      }),
    context: renderContext({ kind: 'company', employees: 12, listed: false }),
    text: 'A small company, private. End.',
  },
  {
    name: 'word-run-form',
    docx: () =>
      buildDocx({
        body: paragraph([
          run('Client: {{ client_name }}'),
          run('{%r if vip %}'),
          run(' (priority)', '<w:b/>'),
          run('{%r endif %}'),
          run('{%r if not vip %}'),
          run(' (standard)'),
          run('{%r endif %}'),
        ]),
      }),
    context: renderContext({ client_name: 'Jane Roe', vip: true }),
    text: 'Client: Jane Roe (priority)',
  },
  {
    name: 'word-header-footer-image',
    docx: () =>
      buildDocx({
        header: paragraph([letterheadImage(), run(' {{ organization.name }}')]),
        footer: paragraph([run('{{ document.'), run('title }}', '<w:i/>'), run(' confidential')]),
        body: paragraph('Dear {{ client_name }},', 'FirmLetterBody'),
      }),
    context: renderContext({ client_name: 'Jane Roe' }),
    text: 'Dear Jane Roe,',
    pdfText: ['Acme Advisory', 'Engagement 2026-07 confidential'],
  },
  {
    name: 'word-footnotes',
    docx: () =>
      buildDocx({
        body: paragraph([run('The fee is fixed.'), footnoteReference(1), run(' Billing is monthly.')]),
        footnotes: { 1: paragraph([run('As agreed with {{ con'), misspelt('tact'), run(' }} on {{ agreed_on }}.')], 'FootnoteText') },
      }),
    context: renderContext({ contact: 'Max Mustermann', agreed_on: '2 May' }),
    text: 'The fee is fixed.[1] Billing is monthly. [1] As agreed with Max Mustermann on 2 May.',
  },
  {
    name: 'word-numbered-list',
    docx: () =>
      buildDocx({
        body: paragraph('Steps', 'Heading1') + numbered('{%p for step in steps %}') + numbered('{{ step }}') + numbered('{%p endfor %}') + paragraph('Done.'),
      }),
    context: renderContext({ steps: ['Collect the data', 'Assess the risks', 'Report'] }),
    text: 'Steps 1. Collect the data 2. Assess the risks 3. Report Done.',
  },
  {
    name: 'word-escaping',
    docx: () => buildDocx({ body: paragraph('Parties: {{ parties }}') + paragraph('Address: {{ address }}') }),
    context: renderContext({ parties: 'Smith & Sons <Holdings> "Ltd"', address: 'Main Street 1\n10115 Berlin' }),
    text: 'Parties: Smith & Sons <Holdings> "Ltd" Address: Main Street 1 10115 Berlin',
  },
  {
    name: 'word-cell-form',
    docx: () =>
      buildDocx({
        body: table([
          ['Service', '{%tc if show_hours %}', 'Hours', '{%tc endif %}', 'Fee'],
          ['Audit', '{%tc if show_hours %}', '{{ hours }}', '{%tc endif %}', '900'],
        ]),
      }),
    context: renderContext({ show_hours: false, hours: 12 }),
    text: 'Service Fee Audit 900',
  },
];

const WRITER: CustomerTemplate[] = [
  {
    name: 'writer-letter',
    docx: fixture('writer-letter'),
    context: renderContext({ client_name: 'Jane Roe', vip: true, contact: 'Max Mustermann', partner: 'Ann Smith' }),
    text: 'Engagement letter Dear Jane Roe, We are pleased to act for Jane Roe as a priority client.[1] Yours faithfully, Ann Smith [1] Terms agreed with Max Mustermann.',
    pdfText: ['Acme Advisory', 'Engagement 2026-07 page 1'],
  },
  {
    name: 'writer-fee-table',
    docx: fixture('writer-fee-table'),
    context: renderContext(
      {
        client_name: 'Jane Roe',
        lines: [
          { service: 'Audit', fee: '900' },
          { service: 'Advice', fee: '300' },
        ],
      },
      { computed: { total: '1200' } },
    ),
    text: 'Fees for Jane Roe Service Fee Audit 900 Advice 300 Total 1200',
  },
  {
    name: 'writer-numbered-list',
    docx: fixture('writer-numbered-list'),
    context: renderContext({
      findings: [{ title: 'Weak passwords', critical: true }, { title: 'No backups' }, { title: 'Old TLS' }],
    }),
    text: 'Findings 1. Weak passwords (critical) 2. No backups 3. Old TLS Several findings need attention.',
  },
];

/** Every template that is filled and read back through LibreOffice and pandoc. */
export const CUSTOMER_TEMPLATES: readonly CustomerTemplate[] = [...GENERATED, ...WRITER];

/** Templates with a section placeholder (their markers are checked; the placed content is section placement's). */
export const SECTION_TEMPLATES = {
  writerSectionCell: fixture('writer-section-cell'),
  wordSectionCell: () =>
    buildDocx({
      body: paragraph('Report') + table([['Findings', [paragraph([run('{{ sect'), misspelt('ion("find'), run('ings") }}')])]]]) + paragraph('{{ body() }}'),
    }),
};
