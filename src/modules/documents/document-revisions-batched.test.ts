/**
 * On PostgreSQL the revision reads of GETs waiting at the same moment go to the database as one
 * statement (storage/postgres-batched-read.ts): each caller still gets its own document's
 * revisions, and nothing for a document of another organization or a missing one.
 */
import { describe, expect, it } from 'vitest';
import { POSTGRES_URL } from '../../../test/support/dialects.js';
import { buildDocument, buildOrg } from '../../../test/support/factories.js';
import { useObservedStore } from '../../../test/support/observed-store.js';
import { type DetailRevisions, DocumentDetailRepository } from './document-detail.repository.js';

const suite = POSTGRES_URL ? describe : describe.skip;

suite('DocumentDetailRepository.revisionsOf, many at once [postgres]', () => {
  const postgres = useObservedStore('postgres', 'revisions');

  it('reads twenty documents\' revisions asked at once in fewer statements, each its own, none across organizations', async () => {
    const { store, queries: observed } = postgres;
    const [acme, globex] = [await buildOrg(store.db), await buildOrg(store.db)];
    const documents = [];
    for (let n = 0; n < 10; n += 1) documents.push(await buildDocument(store.db, { orgId: n % 2 === 0 ? acme.id : globex.id, title: `Document ${n}` }));
    // A document written more than once has a higher revision than its neighbours.
    await store.db.updateTable('documents').set({ title: 'Renamed' }).where('id', '=', documents[3].id).execute();
    const details = new DocumentDetailRepository(store.db);
    const alone: Array<DetailRevisions | undefined> = [];
    for (const d of documents) alone.push(await details.revisionsOf(d.orgId, d.id));
    expect(alone.every((r) => r !== undefined)).toBe(true);
    expect(alone[3]?.document).not.toBe(alone[2]?.document);

    observed.length = 0;
    const together = await Promise.all(documents.flatMap((d) => [details.revisionsOf(d.orgId, d.id), details.revisionsOf(d.orgId === acme.id ? globex.id : acme.id, d.id)]));
    expect(together).toEqual(documents.flatMap((_, i) => [alone[i], undefined]));
    expect(observed.filter((q) => /document_revisions/.test(q)).length).toBeLessThan(5);
  });
});
