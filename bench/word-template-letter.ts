/**
 * One-page letter from a Word template, per document CPU: Quire's Word-template engine (the
 * compiled template remembered, so a fill is a render and a zip of the changed parts) against
 * docxtemplater (PizZip + Docxtemplater + render + generate, as its docs use it) for the same
 * letter — a header with a letterhead image, a footer, 13 paragraphs, 14 tags — filled from the
 * same row. Also through the tenant-code pool (process CPU: the main thread and the workers).
 *
 * docxtemplater is not a dependency of the service: install it anywhere and point at it,
 *   mkdir /tmp/dt && (cd /tmp/dt && npm i -E docxtemplater@3.60.1 pizzip@3.1.8)
 *   DOCXTEMPLATER_DIR=/tmp/dt npx tsx bench/word-template-letter.ts
 * Without it, only Quire's numbers are printed. Goal (issue 30): ≤ 1.5 × docxtemplater's CPU.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fillWordTemplate } from '../src/tenant-code/word-templates.js';
import { fillWordTemplateNow } from '../src/word-template/fill-template.js';
import { buildDocx, letterheadImage, paragraph, run } from '../src/word-template/test-support/ooxml-builder.js';
import type { WordTemplateFill } from '../src/word-template/word-template-types.js';
import { sampleDocument } from '../src/docx/test-support/sample-documents.js';

const N = Number(process.env.N ?? 500);
const LOREM = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. ';
const ROW = {
  org: 'Acme Advisory',
  street: 'Main St 1',
  city: 'Berlin',
  client: 'Jane Roe',
  ref: 'ENG-2026-07',
  fee: 'EUR 1,200',
  due: '1 March',
  partner: 'Ann Smith',
  title: 'Partner',
};

/** The letter with tags written `open name close`: `{{ name }}` for Quire, `{name}` for docxtemplater. */
function letter(open: string, close: string): Promise<Buffer> {
  const t = (name: string) => `${open}${name}${close}`;
  const body = [
    paragraph(t('org'), 'Heading1'),
    paragraph(`${t('street')}, ${t('city')}`),
    paragraph(`Dear ${t('client')},`),
    ...Array.from({ length: 8 }, (_, i) => paragraph(`${LOREM.repeat(2)} Reference ${t('ref')} item ${i}.`)),
    paragraph(`The fee of ${t('fee')} is due on ${t('due')}.`),
    paragraph(`Yours sincerely, ${t('partner')}, ${t('title')}`),
  ].join('');
  return buildDocx({ header: paragraph([letterheadImage(), run(` ${t('org')}`)]), footer: paragraph(`${t('org')} ${t('ref')}`), body });
}

const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

async function perDocument(fill: () => unknown): Promise<number> {
  for (let i = 0; i < 50; i += 1) await fill();
  const start = cpuMs();
  for (let i = 0; i < N; i += 1) await fill();
  return (cpuMs() - start) / N;
}

type Docxtemplater = (bytes: Buffer) => void;

function loadDocxtemplater(): Docxtemplater | null {
  const dir = process.env.DOCXTEMPLATER_DIR ?? '/tmp/dtbench';
  if (!existsSync(join(dir, 'node_modules', 'docxtemplater'))) return null;
  const require = createRequire(join(dir, 'index.js'));
  const PizZip = require('pizzip') as new (bytes: Buffer) => unknown;
  const Template = require('docxtemplater') as new (zip: unknown, options: object) => { render(data: object): { getZip(): { generate(o: object): Buffer } } };
  return (bytes) =>
    new Template(new PizZip(bytes), { paragraphLoop: true, linebreaks: true }).render(ROW).getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

async function main(): Promise<void> {
  const ours = await letter('{{ ', ' }}');
  const fill: WordTemplateFill = { context: { ...ROW, fields: ROW }, sections: [], composed: sampleDocument({ lifecycleState: 'finalized', blocks: [] }) };
  const engine = await perDocument(async () => {
    const outcome = await fillWordTemplateNow(ours, fill);
    if (!outcome.ok) throw new Error(outcome.error);
  });
  const pooled = await perDocument(() => fillWordTemplate(ours, fill));
  console.log(`Quire engine: ${engine.toFixed(3)} ms CPU per letter; through the tenant-code pool: ${pooled.toFixed(3)} ms process CPU per letter (N=${N})`);
  const docxtemplater = loadDocxtemplater();
  if (!docxtemplater) return console.log('docxtemplater not found (set DOCXTEMPLATER_DIR): no comparison');
  const theirs = await letter('{', '}');
  const them = await perDocument(() => docxtemplater(theirs));
  console.log(
    `docxtemplater: ${them.toFixed(3)} ms CPU per letter → Quire engine ${(engine / them).toFixed(2)} ×, through the pool ${(pooled / them).toFixed(2)} ×`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
