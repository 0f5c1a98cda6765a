/**
 * The whole journey of an integrator, written against the typed client with no casts:
 * dev-login, list templates, create a document, read its fields and fill them (enum values
 * picked from the field rows' `options`), check readiness, generate, follow the progress to its
 * terminal event, read the document and export the .docx.
 *
 * Run: `npx tsx packages/client/examples/full-flow.ts http://127.0.0.1:8000 out.docx`.
 * CI compiles it under `--strict` (packages/client/tsconfig.json) and a test runs it.
 */
import fs from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import {
  type DocumentDetail,
  type ExportedDocx,
  type FieldModel,
  type FieldValues,
  type ProgressEvent,
  type Readiness,
  createDocument,
  createQuireClient,
  devLogin,
  exportDocx,
  followProgress,
  getDocument,
  getReadiness,
  listTemplates,
  putFields,
  startGeneration,
} from '../src/index.js';

export interface FullFlowResult {
  templateSlug: string;
  before: Readiness;
  after: Readiness;
  filled: FieldValues;
  events: ProgressEvent[];
  document: DocumentDetail;
  docx: ExportedDocx;
}

export async function runFullFlow(baseUrl: string, options: { org?: string; templateSlug?: string } = {}): Promise<FullFlowResult> {
  const token = await devLogin(baseUrl);
  const client = createQuireClient({ baseUrl, token, org: options.org });

  const templates = await listTemplates(client);
  const templateSlug = options.templateSlug ?? 'engagement-letter';
  const template = templates.find((candidate) => candidate.slug === templateSlug);
  if (!template) throw new Error(`no template "${templateSlug}" among ${templates.map((t) => t.slug).join(', ')}`);

  const created = await createDocument(client, { templateId: template.id, title: 'Full flow' });
  const documentId = created.document.id;

  // The field rows are typed by the contract (FieldModel), enum `options` included.
  const fields = await client.v1.GET('/v1/documents/{document_id}/fields', { params: { path: { document_id: documentId } } });
  if (!fields.data) throw new Error(`fields: HTTP ${fields.response.status}`);
  const before = await getReadiness(client, documentId);
  const filled: FieldValues = {};
  for (const field of fields.data.fields) {
    if (field.value === '') filled[field.key] = sampleValue(field);
  }
  await putFields(client, documentId, filled);
  const after = await getReadiness(client, documentId);
  if (!after.generation_should_proceed) throw new Error(`still not ready: ${after.gaps.map((gap) => gap.message).join('; ')}`);

  await startGeneration(client, documentId, {});
  const events: ProgressEvent[] = [];
  for await (const event of followProgress(client, documentId, { deadlineMs: 120_000 })) events.push(event);

  const document = await getDocument(client, documentId);
  const docx = await exportDocx(client, documentId);
  return { templateSlug, before, after, filled, events, document, docx };
}

/** A plausible value for a field by its type; an enum takes its last allowed option. */
function sampleValue(field: FieldModel): string {
  if (field.options && field.options.length > 0) return field.options[field.options.length - 1];
  switch (field.valueType) {
    case 'date':
      return '2026-01-15';
    case 'number':
    case 'integer':
      return '12';
    case 'boolean':
      return 'true';
    case 'email':
      return 'someone@example.com';
    default:
      return `${field.label ?? field.key} (sample)`;
  }
}

// Run as a script: `full-flow.ts <base-url> [out.docx]`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [baseUrl = 'http://127.0.0.1:8000', out = 'full-flow.docx'] = process.argv.slice(2);
  const result = await runFullFlow(baseUrl);
  await fs.writeFile(out, result.docx.bytes);
  const terminal = result.events.at(-1);
  process.stdout.write(`${result.document.document.title}: ${terminal?.event ?? 'no events'}; ${result.docx.bytes.length} bytes → ${out}\n`);
}
