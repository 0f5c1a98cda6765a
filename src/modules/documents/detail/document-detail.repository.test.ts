/**
 * The document detail read in one statement (issue #17) gives exactly what the per-table reads
 * gave before it, on both dialects: the same records (types, nulls, JSON columns, orderings,
 * the newest gathered row per key) and so the same presented detail, byte for byte. The rows
 * are made awkward on purpose: orderings that differ from insertion order, ties, text that
 * looks like JSON, escapes and non-ASCII text, several gathered rows per key.
 */
import { expect, it, vi } from 'vitest';
import type { GatheredDerivation } from '../../../pipeline/gathered-derivation.js';
import { useDbHarness } from '../../../../test/support/db-harness.js';
import { describeEachDialect } from '../../../../test/support/dialects.js';
import { buildDataNeed, buildDocument, buildField, buildOrg, buildSection } from '../../../../test/support/factories.js';
import { createRepos } from '../../repos.js';
import type { GatheredValueRecord } from '../data-needs/gathered-value.repository.js';
import { presentDocumentDetail } from '../queries/get-document.js';

const AWKWARD = 'Line one\nline "two" \\ back\tslash — café ✓ 😀 {"looks": "like json"}';

describeEachDialect('DocumentDetailRepository', (dialect) => {
  const h = useDbHarness(dialect);

  function gatheredRow(
    documentId: string,
    overrides: Partial<GatheredValueRecord> & Pick<GatheredValueRecord, 'id' | 'outputKey' | 'createdAt'>,
  ): GatheredValueRecord {
    return {
      documentId,
      dataNeedId: null,
      kind: 'static',
      value: null,
      source: null,
      inputsHash: `hash-${overrides.id}`,
      derivation: null,
      runId: null,
      ...overrides,
    };
  }

  /** A document with sections, fields, data needs and gathered rows; returns its id. */
  async function awkwardDocument(orgId: string): Promise<string> {
    const document = await buildDocument(h.db, {
      orgId,
      title: `Detail ${AWKWARD}`,
      description: AWKWARD,
      config: { render: { language: 'de-DE' }, export: { title: 'Ä "quoted"' } },
    });
    const documentId = document.id;
    // Ordinal order is not insertion order; two sections tie on ordinal 1 and are told apart by creation time.
    await buildSection(h.db, { orgId, documentId, key: 'last', ordinal: 3, title: 'Last', content: AWKWARD, status: 'edited' });
    await buildSection(h.db, {
      orgId,
      documentId,
      key: 'tie_later',
      ordinal: 1,
      title: 'Tie later',
      createdAt: '2026-01-02T00:00:00.000Z',
      prompt: 'Summarize {{ fields.client }}',
      renderMode: 'synthesized',
      outputTemplate: null,
    });
    await buildSection(h.db, {
      orgId,
      documentId,
      key: 'tie_earlier',
      ordinal: 1,
      title: 'Tie earlier',
      createdAt: '2026-01-01T00:00:00.000Z',
      content: '{"a": 1}',
      status: 'generated',
    });
    await buildSection(h.db, { orgId, documentId, key: 'first', ordinal: 0, title: 'First' });
    // Fields tie on ordinal 0 and are told apart by key.
    await buildField(h.db, { orgId, documentId, key: 'zeta', ordinal: 0, value: AWKWARD, label: 'Zeta (ü)', description: 'd' });
    await buildField(h.db, { orgId, documentId, key: 'alpha', ordinal: 0, value: 'true', valueType: 'boolean', isRequired: true });
    await buildField(h.db, {
      orgId,
      documentId,
      key: 'basis',
      ordinal: 1,
      value: 'legitimate_interests',
      valueType: 'enum',
      options: ['consent', 'legitimate_interests'],
    });
    await buildField(h.db, { orgId, documentId, key: 'amount', ordinal: 2, value: '12.50', valueType: 'number' });
    await buildDataNeed(h.db, {
      orgId,
      documentId,
      outputKey: 'report',
      ordinal: 2,
      kind: 'llm',
      promptBody: AWKWARD,
      dependsOn: ['facts'],
      toolsAvailable: ['http.json'],
      args: null,
      name: 'Report',
    });
    await buildDataNeed(h.db, { orgId, documentId, outputKey: 'facts', ordinal: 0, args: { value: { nested: [1, 2.5, null, 'ß'] }, flag: true } });
    await buildDataNeed(h.db, {
      orgId,
      documentId,
      outputKey: 'lookup',
      ordinal: 1,
      kind: 'tool',
      toolRef: 'registry.lookup',
      args: { query: '{{ fields.client }}' },
    });
    // Several rows per key: the newest wins; a creation-time tie is broken by the larger id.
    const gathered = createRepos(h.db).gathered;
    const derivation = {
      v: 1,
      kind: 'llm',
      args: {},
      prompt: 'p-hash',
      deps: { facts: 'f-hash' },
      fields: { zeta: 'z-hash' },
    } as unknown as GatheredDerivation;
    for (const row of [
      gatheredRow(documentId, { id: `${documentId}_gv_1`, outputKey: 'report', createdAt: '2026-01-01T00:00:00.000Z', value: 'old report' }),
      gatheredRow(documentId, {
        id: `${documentId}_gv_2`,
        outputKey: 'report',
        createdAt: '2026-01-03T00:00:00.000Z',
        kind: 'llm',
        value: AWKWARD,
        source: { title: 'Model ✓', kind: 'llm', quote: AWKWARD, page: 3 },
        derivation,
        runId: 'run_1',
      }),
      gatheredRow(documentId, { id: `${documentId}_gv_3`, outputKey: 'facts', createdAt: '2026-01-02T00:00:00.000Z', value: { nested: [1, 2.5, null, 'ß'] } }),
      gatheredRow(documentId, {
        id: `${documentId}_gv_5`,
        outputKey: 'Lookup',
        createdAt: '2026-01-02T00:00:00.000Z',
        value: 42,
        source: { title: 'Registry', kind: 'tool', url: 'https://example.com/?q="x"', itemIds: ['it_1'] },
      }),
      gatheredRow(documentId, { id: `${documentId}_gv_4`, outputKey: 'Lookup', createdAt: '2026-01-02T00:00:00.000Z', value: 41 }),
      gatheredRow(documentId, { id: `${documentId}_gv_6`, outputKey: 'empty', createdAt: '2026-01-02T00:00:00.000Z', value: null, dataNeedId: 'dn_x' }),
    ]) {
      await gathered.insert(orgId, row);
    }
    return documentId;
  }

  /** What the detail was read from before: one query per table. */
  async function perTableReads(orgId: string, documentId: string) {
    const repos = createRepos(h.db);
    return {
      document: await repos.documents.findById(orgId, documentId),
      sections: await repos.sections.listByDocument(orgId, documentId),
      fields: await repos.fields.listByDocument(orgId, documentId),
      dataNeeds: await repos.dataNeeds.listByDocument(orgId, documentId),
      gathered: await repos.gathered.latestByDocument(orgId, documentId),
    };
  }

  it('reads the same document, sections, fields, data needs and newest gathered rows as the per-table reads', async () => {
    const org = await buildOrg(h.db);
    const documentId = await awkwardDocument(org.id);
    await awkwardDocument(org.id); // a sibling whose rows must not mix in

    const before = await perTableReads(org.id, documentId);
    const after = await createRepos(h.db).documentDetails.findById(org.id, documentId);

    expect(after).toStrictEqual(before);
    // Not trivially equal: the orderings and the newest-row rule are what the reads say they are.
    expect(after?.sections.map((s) => s.key)).toEqual(['first', 'tie_earlier', 'tie_later', 'last']);
    expect(after?.fields.map((f) => f.key)).toEqual(['alpha', 'zeta', 'basis', 'amount']);
    expect(after?.dataNeeds.map((n) => n.outputKey)).toEqual(['facts', 'lookup', 'report']);
    expect(after?.gathered.map((g) => [g.outputKey, g.id])).toEqual([
      ['empty', `${documentId}_gv_6`],
      ['facts', `${documentId}_gv_3`],
      ['Lookup', `${documentId}_gv_5`],
      ['report', `${documentId}_gv_2`],
    ]);
    expect(after?.fields[0]?.isRequired).toBe(true);
    expect(after?.sections[1]?.content).toBe('{"a": 1}');
  });

  it('presents the same detail, byte for byte', async () => {
    const org = await buildOrg(h.db);
    const documentId = await awkwardDocument(org.id);
    const { document, ...rows } = await perTableReads(org.id, documentId);
    if (!document) throw new Error('the document was not stored');
    const after = await createRepos(h.db).documentDetails.findById(org.id, documentId);
    if (!after) throw new Error('the read model did not find the document');

    const { document: readDocument, ...readRows } = after;
    expect(JSON.stringify(presentDocumentDetail(readDocument, readRows))).toBe(JSON.stringify(presentDocumentDetail(document, rows)));
  });

  it('reads the children of a document already in hand the same way, and empty lists for a bare document', async () => {
    const org = await buildOrg(h.db);
    const documentId = await awkwardDocument(org.id);
    const { document: _document, ...rows } = await perTableReads(org.id, documentId);
    const details = createRepos(h.db).documentDetails;
    expect(await details.childrenOf(org.id, documentId)).toStrictEqual(rows);

    const bare = await buildDocument(h.db, { orgId: org.id });
    expect(await details.childrenOf(org.id, bare.id)).toStrictEqual({ sections: [], fields: [], dataNeeds: [], gathered: [] });
    expect((await details.findById(org.id, bare.id))?.sections).toStrictEqual([]);
  });

  it("finds nothing for another organization's document or a missing id, and never another organization's children", async () => {
    const org = await buildOrg(h.db);
    const other = await buildOrg(h.db);
    const documentId = await awkwardDocument(org.id);
    const details = createRepos(h.db).documentDetails;

    expect(await details.findById(other.id, documentId)).toBeUndefined();
    expect(await details.findById(org.id, 'doc_missing')).toBeUndefined();
    expect(await details.childrenOf(other.id, documentId)).toStrictEqual({ sections: [], fields: [], dataNeeds: [], gathered: [] });
  });

  it('compiles the revision read once per database handle, not once per request (each request makes its own repositories)', async () => {
    const org = await buildOrg(h.db);
    const [first, second] = [await buildDocument(h.db, { orgId: org.id }), await buildDocument(h.db, { orgId: org.id })];
    await buildField(h.db, { orgId: org.id, documentId: second.id, key: 'bumped' });
    // Warm: whatever this handle compiles on its first revision read is compiled now.
    await createRepos(h.db).documentDetails.revisionsOf(org.id, first.id);
    const compile = vi.spyOn(h.db.getExecutor(), 'compileQuery');
    try {
      // Two requests, two registries: the values are bound per call, each document gets its own counter.
      const read = [
        await createRepos(h.db).documentDetails.revisionsOf(org.id, first.id),
        await createRepos(h.db).documentDetails.revisionsOf(org.id, second.id),
      ];
      expect(compile).not.toHaveBeenCalled();
      expect(read.map((r) => r?.document)).toEqual(['1', '2']);
      expect(await createRepos(h.db).documentDetails.revisionsOf(org.id, 'doc_missing')).toBeUndefined();
    } finally {
      compile.mockRestore();
    }
  });
});
