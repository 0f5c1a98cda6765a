/** reorderSections on a real database (both dialects): an exact permutation, or nothing moves. */
import { expect, it } from 'vitest';
import { DomainValidationError, NotFoundError } from '../../../../kernel/errors.js';
import { useDbHarness } from '../../../../../test/support/db-harness.js';
import { describeEachDialect } from '../../../../../test/support/dialects.js';
import { buildDocument, buildOrg, buildSection } from '../../../../../test/support/factories.js';
import { reorderSections } from './reorder-sections.js';

describeEachDialect('reorderSections', (dialect) => {
  // The sections e2e test's reorder case moved down here (one use case over HTTP).
  const h = useDbHarness(dialect);

  async function setup() {
    const org = await buildOrg(h.db);
    const doc = await buildDocument(h.db, { orgId: org.id });
    const a = await buildSection(h.db, { orgId: org.id, documentId: doc.id, key: 'a' });
    const b = await buildSection(h.db, { orgId: org.id, documentId: doc.id, key: 'b' });
    const c = await buildSection(h.db, { orgId: org.id, documentId: doc.id, key: 'c' });
    return { org, doc, a, b, c, ctx: h.contextFor(org) };
  }

  it('puts the sections in the order sent', async () => {
    const { org, doc, a, b, c, ctx } = await setup();
    const ordered = await reorderSections(ctx, doc.id, [c.id, a.id, b.id]);
    expect(ordered.map((s) => [s.key, s.ordinal])).toEqual([
      ['c', 0],
      ['a', 1],
      ['b', 2],
    ]);
    expect((await ctx.repos.sections.listByDocument(org.id, doc.id)).map((s) => s.key)).toEqual(['c', 'a', 'b']);
  });

  it('refuses a partial, repeated or foreign list and keeps the order', async () => {
    const { org, doc, a, b, c, ctx } = await setup();
    const elsewhere = await buildSection(h.db, { orgId: org.id, documentId: (await buildDocument(h.db, { orgId: org.id })).id });
    await expect(reorderSections(ctx, doc.id, [a.id, b.id])).rejects.toThrow(new RegExp(`missing: ${c.id}`));
    await expect(reorderSections(ctx, doc.id, [a.id, a.id, b.id, c.id])).rejects.toThrow('sectionIds lists a section more than once');
    await expect(reorderSections(ctx, doc.id, [a.id, b.id, c.id, elsewhere.id])).rejects.toThrow(DomainValidationError);
    await expect(reorderSections(ctx, doc.id, [a.id, b.id, elsewhere.id])).rejects.toThrow(DomainValidationError);
    await expect(reorderSections(ctx, doc.id, [])).rejects.toThrow(DomainValidationError);
    expect((await ctx.repos.sections.listByDocument(org.id, doc.id)).map((s) => s.key)).toEqual(['a', 'b', 'c']);
  });

  it("another organization's document is not found and keeps its order", async () => {
    const { org: owner, doc, a, b, c } = await setup();
    const other = await buildOrg(h.db);
    await expect(reorderSections(h.contextFor(other), doc.id, [c.id, b.id, a.id])).rejects.toBeInstanceOf(NotFoundError);
    expect((await h.contextFor(owner).repos.sections.listByDocument(owner.id, doc.id)).map((s) => s.key)).toEqual(['a', 'b', 'c']);
  });
});
