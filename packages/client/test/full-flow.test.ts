/**
 * The example integrator flow (examples/full-flow.ts) against a real server on SQLite,
 * and the rule that it is written without a single cast, `any` or non-null assertion.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor } from '../../../test/support/api.js';
import { describeOneDialect } from '../../../test/support/dialects.js';
import { type TestServer, startTestServer } from '../../../test/support/test-server.js';
import { runFullFlow } from '../examples/full-flow.js';

const EXAMPLE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'examples', 'full-flow.ts');

describeOneDialect('client full flow', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(async () => server?.close());

  it('logs in, fills a template from its field rows, generates, follows to the end and exports a .docx', async () => {
    const result = await runFullFlow(server.url);
    expect(result.before.generation_should_proceed).toBe(false);
    expect(result.before.gaps.map((gap) => gap.key)).toContain('client_name');
    expect(result.after).toMatchObject({ generation_should_proceed: true, ui_state: 'ready' });
    // Enum fields were filled from the options the API listed (the last one), not guessed.
    expect(result.filled).toMatchObject({ client_name: 'Client (sample)' });
    expect(result.events.map((event) => event.event)).toEqual(expect.arrayContaining(['pipeline_started', 'render_started', 'pipeline_finished']));
    expect(result.events.at(-1)?.event).toBe('pipeline_finished');
    const seqs = result.events.map((event) => event.seq);
    expect(seqs).toEqual([...new Set(seqs)].sort((a, b) => a - b));
    expect(result.document.document.title).toBe('Full flow');
    expect(result.document.sections.find((section) => section.title === 'Introduction')?.content).toContain('Client contact person (sample)');
    expect(result.docx.filename).toMatch(/\.docx$/);
    expect(Buffer.from(result.docx.bytes.subarray(0, 2)).toString('latin1')).toBe('PK');
  });

  it('fills an empty enum field with one of the options the API lists, and the server keeps it', async () => {
    const result = await runFullFlow(server.url, { templateSlug: 'gdpr-dpia' });
    const api = await apiFor(server);
    const fields = await api.get(`/v1/documents/${result.document.document.id}/fields`);
    const lawfulBasis = fields.body.fields.find((field: { key: string }) => field.key === 'lawful_basis');
    expect(lawfulBasis.options.at(-1)).toBe('legitimate_interests');
    expect(result.filled.lawful_basis).toBe('legitimate_interests');
    expect(lawfulBasis.value).toBe('legitimate_interests');
    expect(result.events.at(-1)?.event).toBe('pipeline_finished');
  });
});

describe('the full-flow example', () => {
  it('contains no cast, no `any` and no non-null assertion', async () => {
    const source = ts.createSourceFile(EXAMPLE, await fs.readFile(EXAMPLE, 'utf8'), ts.ScriptTarget.ES2022, true);
    const offences: string[] = [];
    const visit = (node: ts.Node) => {
      if (
        ts.isAsExpression(node) ||
        ts.isTypeAssertionExpression(node) ||
        ts.isNonNullExpression(node) ||
        node.kind === ts.SyntaxKind.AnyKeyword ||
        ts.isSatisfiesExpression(node)
      ) {
        offences.push(node.getText(source));
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    expect(source.statements.length).toBeGreaterThan(3);
    expect(offences).toEqual([]);
  });
});
