/**
 * Listing a document's generation snapshots decodes each snapshot once per process and hands the
 * same frozen record out again (snapshot-records-cache.ts): the listing must stay what the rows
 * say — newest first, bounded, scoped to the organization, a deleted document's snapshots gone.
 */
import { expect, it } from 'vitest';
import { useDbHarness } from '../../../test/support/db-harness.js';
import { describeEachDialect } from '../../../test/support/dialects.js';
import { buildDocument, buildOrg } from '../../../test/support/factories.js';
import { createRepos } from '../repos.js';
import type { GenerationSnapshotRecord } from './generation-snapshot.repository.js';

describeEachDialect('GenerationSnapshotRepository.listByDocument', (dialect) => {
  const h = useDbHarness(dialect);

  function snapshot(documentId: string, runNumber: number): GenerationSnapshotRecord {
    return {
      id: `${documentId}_snap_${runNumber}`,
      documentId,
      runId: `${documentId}_run_${runNumber}`,
      runNumber,
      manifest: { run: { number: runNumber }, renderContext: { today: '2026-11-27', variables: { n: runNumber } } },
      output: { sections: [{ sectionId: 'sec_1', key: 'intro', title: 'Intro', content: `Run ${runNumber} ✓` }] },
      manifestHash: `hash-${runNumber}`,
      createdAt: `2026-11-2${runNumber}T00:00:00.000Z`,
    };
  }

  it('lists newest first within the limit, the same records when listed again, a new run included at once', async () => {
    const org = await buildOrg(h.db);
    const document = await buildDocument(h.db, { orgId: org.id });
    const repo = createRepos(h.db).generationSnapshots;
    for (const n of [1, 3, 2]) await repo.insert(org.id, snapshot(document.id, n));

    const first = await repo.listByDocument(org.id, document.id, 2);
    expect(first).toEqual([snapshot(document.id, 3), snapshot(document.id, 2)]);
    expect(await repo.listByDocument(org.id, document.id, 2)).toEqual(first);

    await repo.insert(org.id, snapshot(document.id, 4));
    expect((await repo.listByDocument(org.id, document.id)).map((s) => s.runNumber)).toEqual([4, 3, 2, 1]);
  });

  it('hands out frozen records, so no caller can change what the next one reads', async () => {
    const org = await buildOrg(h.db);
    const document = await buildDocument(h.db, { orgId: org.id });
    const repo = createRepos(h.db).generationSnapshots;
    await repo.insert(org.id, snapshot(document.id, 1));
    for (let read = 0; read < 2; read += 1) {
      const [record] = await repo.listByDocument(org.id, document.id);
      expect(() => {
        (record.manifest as { run: { number: number } }).run.number = 99;
      }).toThrow(TypeError);
      expect(() => record.output.sections.push({ sectionId: 'x', key: 'x', title: 'x', content: 'x' })).toThrow(TypeError);
    }
    expect(await repo.listByDocument(org.id, document.id)).toEqual([snapshot(document.id, 1)]);
  });

  it('lists nothing for another organization or once the document is deleted, though decoded before', async () => {
    const org = await buildOrg(h.db);
    const other = await buildOrg(h.db);
    const document = await buildDocument(h.db, { orgId: org.id });
    const repos = createRepos(h.db);
    await repos.generationSnapshots.insert(org.id, snapshot(document.id, 1));
    expect(await repos.generationSnapshots.listByDocument(org.id, document.id)).toHaveLength(1);

    expect(await repos.generationSnapshots.listByDocument(other.id, document.id)).toEqual([]);
    await h.db.deleteFrom('documents').where('id', '=', document.id).execute();
    expect(await repos.generationSnapshots.listByDocument(org.id, document.id)).toEqual([]);
  });
});
