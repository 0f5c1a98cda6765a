/** putConfig on a real database (both dialects): fields it creates keep the order they were sent in, after the existing ones. */
import { expect, it } from 'vitest';
import { useDbHarness } from '../../../../../test/support/db-harness.js';
import { describeEachDialect } from '../../../../../test/support/dialects.js';
import { buildDocument, buildField, buildOrg } from '../../../../../test/support/factories.js';
import { putConfig } from './put-config.js';

describeEachDialect('putConfig', (dialect) => {
  const h = useDbHarness(dialect);

  it('creates the fields sent in the order they were sent, after the existing ones', async () => {
    const org = await buildOrg(h.db);
    const doc = await buildDocument(h.db, { orgId: org.id });
    // An existing field past a gap (one was deleted): new fields go after the last one, not at the count.
    await buildField(h.db, { orgId: org.id, documentId: doc.id, key: 'client', ordinal: 3 });
    const ctx = h.contextFor(org);
    await putConfig(ctx, doc.id, { fields: { zeta: { value: '1' }, alpha: { value: '2' }, mid: { value: '3' }, client: { value: 'Acme' } } });
    const fields = await ctx.repos.fields.listByDocument(org.id, doc.id);
    expect(fields.map((f) => f.key)).toEqual(['client', 'zeta', 'alpha', 'mid']);
    expect(fields.map((f) => f.ordinal)).toEqual([3, 4, 5, 6]);
  });
});
