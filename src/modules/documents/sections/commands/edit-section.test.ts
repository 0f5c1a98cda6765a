/** editSection on a real database (both dialects): partial edits, hand edits become versions, tenancy. */
import { expect, it } from 'vitest';
import { DomainValidationError, NotFoundError } from '../../../../kernel/errors.js';
import { FIXED_NOW, useDbHarness } from '../../../../../test/support/db-harness.js';
import { describeEachDialect } from '../../../../../test/support/dialects.js';
import { buildDocument, buildOrg, buildSection } from '../../../../../test/support/factories.js';
import { editSection } from './edit-section.js';

describeEachDialect('editSection', (dialect) => {
  const h = useDbHarness(dialect);

  async function setup() {
    const org = await buildOrg(h.db);
    const doc = await buildDocument(h.db, { orgId: org.id });
    const section = await buildSection(h.db, {
      orgId: org.id,
      documentId: doc.id,
      title: 'Scope',
      prompt: 'Describe the scope',
      content: 'Generated text',
      status: 'generated',
    });
    return { org, doc, section, ctx: h.contextFor(org) };
  }

  it('changes only the keys sent', async () => {
    const { org, doc, section, ctx } = await setup();
    const edited = await editSection(ctx, doc.id, section.id, { title: ' Scope of work ', prompt: null });
    expect(edited).toMatchObject({
      title: 'Scope of work',
      prompt: null,
      content: 'Generated text',
      status: 'generated',
      outputTemplate: section.outputTemplate,
      updatedAt: FIXED_NOW,
    });
    expect(await ctx.repos.sections.findById(org.id, doc.id, section.id)).toEqual({ ...section, title: 'Scope of work', prompt: null, updatedAt: FIXED_NOW });
  });

  it('sent content is a hand edit: status edited, recorded as the next version; null content empties it', async () => {
    const { org, doc, section, ctx } = await setup();
    await editSection(ctx, doc.id, section.id, { content: 'My own words' });
    expect(await ctx.repos.sections.findById(org.id, doc.id, section.id)).toMatchObject({ content: 'My own words', status: 'edited' });
    await editSection(ctx, doc.id, section.id, { content: null });
    expect(await ctx.repos.sections.findById(org.id, doc.id, section.id)).toMatchObject({ content: null, status: 'empty' });
    expect(await ctx.repos.sectionVersions.latestNumber(org.id, section.id)).toBe(2);
  });

  it('refuses an empty edit, a null title and an unknown status, changing nothing', async () => {
    const { org, doc, section, ctx } = await setup();
    await expect(editSection(ctx, doc.id, section.id, {})).rejects.toThrow(/nothing to update/);
    await expect(editSection(ctx, doc.id, section.id, { title: null })).rejects.toThrow(DomainValidationError);
    await expect(editSection(ctx, doc.id, section.id, { status: 'published' })).rejects.toThrow(/status must be one of/);
    expect(await ctx.repos.sections.findById(org.id, doc.id, section.id)).toEqual(section);
  });

  it("another organization's section is not found, through either document id, and stays unchanged; nor is a missing one", async () => {
    const { org: owner, doc, section } = await setup();
    const other = await buildOrg(h.db);
    const otherDoc = await buildDocument(h.db, { orgId: other.id });
    const ctx = h.contextFor(other);
    await expect(editSection(ctx, doc.id, section.id, { title: 'Hijacked' })).rejects.toBeInstanceOf(NotFoundError);
    await expect(editSection(ctx, otherDoc.id, section.id, { content: 'Hijacked' })).rejects.toBeInstanceOf(NotFoundError);
    await expect(editSection(h.contextFor(owner), doc.id, 'sec_missing', { title: 'x' })).rejects.toBeInstanceOf(NotFoundError);
    expect(await h.contextFor(owner).repos.sections.findById(owner.id, doc.id, section.id)).toEqual(section);
  });
});
