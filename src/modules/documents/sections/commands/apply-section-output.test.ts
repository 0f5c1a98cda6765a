/**
 * applySectionOutput on a real database (both dialects): a hand-edited output is a new version
 * each time, newest first, and another organization's section is not found. Moved down from the
 * sections e2e test (it exercised this one use case over HTTP).
 */
import { expect, it } from 'vitest';
import { NotFoundError } from '../../../../kernel/errors.js';
import { FIXED_NOW, useDbHarness } from '../../../../../test/support/db-harness.js';
import { describeEachDialect } from '../../../../../test/support/dialects.js';
import { buildDocument, buildOrg, buildSection } from '../../../../../test/support/factories.js';
import { listSectionVersions } from '../queries/list-sections.js';
import { applySectionOutput } from './apply-section-output.js';

describeEachDialect('applySectionOutput', (dialect) => {
  const h = useDbHarness(dialect);

  async function setup() {
    const org = await buildOrg(h.db);
    const doc = await buildDocument(h.db, { orgId: org.id });
    const section = await buildSection(h.db, { orgId: org.id, documentId: doc.id, content: 'Generated text', status: 'generated' });
    return { org, doc, section, ctx: h.contextFor(org) };
  }

  it('sets the output as edited and records a new version each time, newest first', async () => {
    const { org, doc, section, ctx } = await setup();
    expect(await applySectionOutput(ctx, doc.id, section.id, 'v1')).toMatchObject({ content: 'v1', status: 'edited', updatedAt: FIXED_NOW });
    await applySectionOutput(ctx, doc.id, section.id, 'v2');
    const versions = await listSectionVersions(ctx, doc.id, section.id, { limit: 50 });
    expect(versions.items.map((v) => [v.version, v.content, v.source])).toEqual([
      [2, 'v2', 'edited'],
      [1, 'v1', 'edited'],
    ]);
    expect(await ctx.repos.sections.findById(org.id, doc.id, section.id)).toMatchObject({ content: 'v2', status: 'edited' });
  });

  it("another organization's section is not found, gets no version and stays unchanged", async () => {
    const { org: owner, doc, section } = await setup();
    const other = h.contextFor(await buildOrg(h.db));
    await expect(applySectionOutput(other, doc.id, section.id, 'Hijacked')).rejects.toBeInstanceOf(NotFoundError);
    const ownerCtx = h.contextFor(owner);
    expect(await ownerCtx.repos.sections.findById(owner.id, doc.id, section.id)).toEqual(section);
    expect(await ownerCtx.repos.sectionVersions.latestNumber(owner.id, section.id)).toBe(0);
  });
});
