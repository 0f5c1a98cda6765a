/**
 * deleteSection on a real database (both dialects): the organization's own section goes, once;
 * another organization's stays. Moved down from the sections e2e test (one use case over HTTP).
 */
import { expect, it } from 'vitest';
import { NotFoundError } from '../../../../kernel/errors.js';
import { useDbHarness } from '../../../../../test/support/db-harness.js';
import { describeEachDialect } from '../../../../../test/support/dialects.js';
import { buildDocument, buildOrg, buildSection } from '../../../../../test/support/factories.js';
import { deleteSection } from './delete-section.js';

describeEachDialect('deleteSection', (dialect) => {
  const h = useDbHarness(dialect);

  it('deletes a section of the document; deleting it again, or a missing one, is not found', async () => {
    const org = await buildOrg(h.db);
    const doc = await buildDocument(h.db, { orgId: org.id });
    const a = await buildSection(h.db, { orgId: org.id, documentId: doc.id, key: 'a' });
    const b = await buildSection(h.db, { orgId: org.id, documentId: doc.id, key: 'b' });
    const ctx = h.contextFor(org);
    await deleteSection(ctx, doc.id, a.id);
    expect((await ctx.repos.sections.listByDocument(org.id, doc.id)).map((s) => s.key)).toEqual(['b']);
    await expect(deleteSection(ctx, doc.id, a.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(deleteSection(ctx, doc.id, 'sec_missing')).rejects.toBeInstanceOf(NotFoundError);
    expect(await ctx.repos.sections.findById(org.id, doc.id, b.id)).toEqual(b);
  });

  it("another organization's section is not found, through either document id, and stays", async () => {
    const owner = await buildOrg(h.db);
    const doc = await buildDocument(h.db, { orgId: owner.id });
    const section = await buildSection(h.db, { orgId: owner.id, documentId: doc.id });
    const other = await buildOrg(h.db);
    const otherDoc = await buildDocument(h.db, { orgId: other.id });
    await expect(deleteSection(h.contextFor(other), doc.id, section.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(deleteSection(h.contextFor(other), otherDoc.id, section.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(await h.contextFor(owner).repos.sections.findById(owner.id, doc.id, section.id)).toEqual(section);
  });
});
