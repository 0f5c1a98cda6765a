/** replaceFields on a real database (both dialects): merge by key, stable ids, tenancy. */
import { expect, it } from 'vitest';
import { NotFoundError } from '../../../../kernel/errors.js';
import { FIXED_NOW, useDbHarness } from '../../../../../test/support/db-harness.js';
import { describeEachDialect } from '../../../../../test/support/dialects.js';
import { buildDocument, buildField, buildOrg } from '../../../../../test/support/factories.js';
import { replaceFields } from './replace-fields.js';

describeEachDialect('replaceFields', (dialect) => {
  const h = useDbHarness(dialect);

  it('updates existing keys in place, appends unknown keys as strings, and coerces values to text', async () => {
    const org = await buildOrg(h.db);
    const doc = await buildDocument(h.db, { orgId: org.id });
    const client = await buildField(h.db, { orgId: org.id, documentId: doc.id, key: 'client', value: 'Globex', isRequired: true });
    const fee = await buildField(h.db, { orgId: org.id, documentId: doc.id, key: 'fee', value: '100', valueType: 'number' });
    const ctx = h.contextFor(org);

    await replaceFields(ctx, doc.id, { fee: 250, client: 'Initech', remote: true, tags: ['a', 'b'], note: null });

    const fields = await ctx.repos.fields.listByDocument(org.id, doc.id);
    expect(fields.map((f) => [f.key, f.value, f.valueType, f.ordinal])).toEqual([
      ['client', 'Initech', 'string', 0],
      ['fee', '250', 'number', 1],
      ['remote', 'true', 'string', 2],
      ['tags', '["a","b"]', 'string', 3],
      ['note', '', 'string', 4],
    ]);
    expect(fields.slice(0, 2).map((f) => f.id)).toEqual([client.id, fee.id]);
    expect(fields[0].isRequired).toBe(true);
    expect((await ctx.repos.documents.findById(org.id, doc.id))?.updatedAt).toBe(FIXED_NOW);
  });

  it("another organization's document is not found and its fields stay as they were", async () => {
    const owner = await buildOrg(h.db);
    const doc = await buildDocument(h.db, { orgId: owner.id });
    await buildField(h.db, { orgId: owner.id, documentId: doc.id, key: 'client', value: 'Globex' });
    const ownerCtx = h.contextFor(owner);
    const before = await ownerCtx.repos.fields.listByDocument(owner.id, doc.id);
    const other = await buildOrg(h.db);

    await expect(replaceFields(h.contextFor(other), doc.id, { client: 'Hijacked', added: 'x' })).rejects.toBeInstanceOf(NotFoundError);
    expect(await ownerCtx.repos.fields.listByDocument(owner.id, doc.id)).toEqual(before);
    expect(await ownerCtx.repos.documents.findById(owner.id, doc.id)).toEqual(doc);
  });
});
