/**
 * deleteDataNeed on a real database (both dialects): a need others depend on stays until they
 * no longer do, and another organization reads, changes and deletes nothing. Moved down from the
 * data-needs e2e test (one use case over HTTP).
 */
import { expect, it } from 'vitest';
import { DomainValidationError, NotFoundError } from '../../../../kernel/errors.js';
import { useDbHarness } from '../../../../../test/support/db-harness.js';
import { describeEachDialect } from '../../../../../test/support/dialects.js';
import { buildDataNeed, buildDocument, buildOrg } from '../../../../../test/support/factories.js';
import { getDataNeed, listDataNeeds } from '../queries/list-data-needs.js';
import { createDataNeed } from './create-data-need.js';
import { deleteDataNeed } from './delete-data-need.js';
import { updateDataNeed } from './update-data-need.js';

describeEachDialect('deleteDataNeed', (dialect) => {
  const h = useDbHarness(dialect);

  async function setup() {
    const org = await buildOrg(h.db);
    const doc = await buildDocument(h.db, { orgId: org.id });
    const a = await buildDataNeed(h.db, { orgId: org.id, documentId: doc.id, outputKey: 'a' });
    const b = await buildDataNeed(h.db, { orgId: org.id, documentId: doc.id, outputKey: 'b', dependsOn: ['a'] });
    return { org, doc, a, b, ctx: h.contextFor(org) };
  }

  it('refuses to delete a need another depends on, naming it; deletes it once the dependent is gone', async () => {
    const { org, doc, a, b, ctx } = await setup();
    await expect(deleteDataNeed(ctx, doc.id, a.id)).rejects.toThrow(new DomainValidationError('"a" is needed by b; remove it from their depends_on first'));
    expect(await ctx.repos.dataNeeds.listByDocument(org.id, doc.id)).toEqual([a, b]);
    await deleteDataNeed(ctx, doc.id, b.id);
    await deleteDataNeed(ctx, doc.id, a.id);
    expect(await ctx.repos.dataNeeds.listByDocument(org.id, doc.id)).toEqual([]);
    await expect(getDataNeed(ctx, doc.id, a.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(deleteDataNeed(ctx, doc.id, a.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("another organization lists, reads, changes, adds and deletes nothing of the document's needs", async () => {
    const { org: owner, doc, a, b } = await setup();
    const other = h.contextFor(await buildOrg(h.db));
    const attempts = [
      () => listDataNeeds(other, doc.id, { limit: 50 }),
      () => getDataNeed(other, doc.id, a.id),
      () => updateDataNeed(other, doc.id, a.id, { name: 'x' }),
      () => deleteDataNeed(other, doc.id, b.id),
      () => createDataNeed(other, doc.id, { kind: 'static', output_key: 'z', args_json: { value: 1 } }),
    ];
    for (const attempt of attempts) await expect(attempt()).rejects.toBeInstanceOf(NotFoundError);
    expect(await h.contextFor(owner).repos.dataNeeds.listByDocument(owner.id, doc.id)).toEqual([a, b]);
  });
});
