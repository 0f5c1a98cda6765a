/**
 * Section drafts on a real database (both dialects): a saved draft is read back (the last save
 * wins), the section's text stays as it was until publishing, publishing removes the draft, and
 * another organization's section has no draft to read or write.
 */
import { expect, it } from 'vitest';
import { NotFoundError } from '../../../../kernel/errors.js';
import { FIXED_NOW, useDbHarness } from '../../../../../test/support/db-harness.js';
import { describeEachDialect } from '../../../../../test/support/dialects.js';
import { buildDocument, buildOrg, buildSection } from '../../../../../test/support/factories.js';
import { applySectionOutput } from '../commands/apply-section-output.js';
import { discardSectionDraft, getSectionDraft, saveSectionDraft } from './section-drafts.js';

describeEachDialect('section drafts', (dialect) => {
  const h = useDbHarness(dialect);

  async function setup() {
    const org = await buildOrg(h.db);
    const doc = await buildDocument(h.db, { orgId: org.id });
    const section = await buildSection(h.db, { orgId: org.id, documentId: doc.id, content: 'Generated text', status: 'generated' });
    return { org, doc, section, ctx: h.contextFor(org) };
  }

  it('keeps the last saved draft and leaves the section text alone until published', async () => {
    const { org, doc, section, ctx } = await setup();
    await saveSectionDraft(ctx, doc.id, section.id, { content: 'Half a thought' });
    await saveSectionDraft(ctx, doc.id, section.id, { content: 'A whole thought', baseVersion: 1 });
    expect(await getSectionDraft(ctx, doc.id, section.id)).toMatchObject({ content: 'A whole thought', baseVersion: 1, updatedAt: FIXED_NOW });
    expect(await ctx.repos.sections.findById(org.id, doc.id, section.id)).toMatchObject({ content: 'Generated text', status: 'generated' });
  });

  it('publishing the edit makes it the section text and removes the draft', async () => {
    const { org, doc, section, ctx } = await setup();
    await saveSectionDraft(ctx, doc.id, section.id, { content: 'Published words' });
    await applySectionOutput(ctx, doc.id, section.id, 'Published words');
    expect(await ctx.repos.sections.findById(org.id, doc.id, section.id)).toMatchObject({ content: 'Published words', status: 'edited' });
    await expect(getSectionDraft(ctx, doc.id, section.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('discarding removes the draft; a second discard is 404', async () => {
    const { doc, section, ctx } = await setup();
    await saveSectionDraft(ctx, doc.id, section.id, { content: 'Never mind' });
    await discardSectionDraft(ctx, doc.id, section.id);
    await expect(getSectionDraft(ctx, doc.id, section.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(discardSectionDraft(ctx, doc.id, section.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("another organization can neither read nor write the section's draft", async () => {
    const { doc, section, ctx } = await setup();
    await saveSectionDraft(ctx, doc.id, section.id, { content: 'Mine' });
    const other = h.contextFor(await buildOrg(h.db));
    await expect(getSectionDraft(other, doc.id, section.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(saveSectionDraft(other, doc.id, section.id, { content: 'Hijacked' })).rejects.toBeInstanceOf(NotFoundError);
    expect(await getSectionDraft(ctx, doc.id, section.id)).toMatchObject({ content: 'Mine' });
  });
});
