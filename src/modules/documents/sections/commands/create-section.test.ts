/** createSection / createSectionTitleOnly on a real database (both dialects). */
import { expect, it } from 'vitest';
import { DomainValidationError, NotFoundError } from '../../../../kernel/errors.js';
import { FIXED_NOW, useDbHarness } from '../../../../../test/support/db-harness.js';
import { describeEachDialect } from '../../../../../test/support/dialects.js';
import { buildDocument, buildOrg, buildSection } from '../../../../../test/support/factories.js';
import { createSectionTitleOnly } from './create-section-title-only.js';
import { createSection } from './create-section.js';

describeEachDialect('createSection', (dialect) => {
  const h = useDbHarness(dialect);

  it('a title alone gives a synthesized string section at the end, keyed from its title', async () => {
    const org = await buildOrg(h.db);
    const doc = await buildDocument(h.db, { orgId: org.id });
    await buildSection(h.db, { orgId: org.id, documentId: doc.id, key: 'scope_of_work', title: 'Scope of work' });
    const ctx = h.contextFor(org);

    const section = await createSectionTitleOnly(ctx, doc.id, { title: '  Scope of work ' });

    expect(section).toMatchObject({
      title: 'Scope of work',
      key: 'scope_of_work_2',
      ordinal: 1,
      renderMode: 'synthesized',
      outputType: 'string',
      prompt: null,
      outputTemplate: null,
      content: null,
      status: 'empty',
      createdAt: FIXED_NOW,
    });
    expect((await ctx.repos.sections.listByDocument(org.id, doc.id)).map((s) => s.key)).toEqual(['scope_of_work', 'scope_of_work_2']);
  });

  it('a full section keeps what was sent', async () => {
    const org = await buildOrg(h.db);
    const doc = await buildDocument(h.db, { orgId: org.id });
    const section = await createSection(h.contextFor(org), doc.id, {
      title: 'Fees',
      render_mode: 'templated',
      output_type: 'markdown',
      output_template: 'Fee: {{ fee }}',
    });
    expect(section).toMatchObject({ key: 'fees', ordinal: 0, renderMode: 'templated', outputType: 'markdown', outputTemplate: 'Fee: {{ fee }}' });
  });

  it('refuses a blank title, an unknown render mode and a template that does not parse, writing nothing', async () => {
    const org = await buildOrg(h.db);
    const doc = await buildDocument(h.db, { orgId: org.id });
    const ctx = h.contextFor(org);
    await expect(createSectionTitleOnly(ctx, doc.id, { title: ' ' })).rejects.toThrow('title must not be blank');
    await expect(createSection(ctx, doc.id, { title: 'x', render_mode: 'magic' })).rejects.toThrow(/render_mode must be one of/);
    await expect(createSection(ctx, doc.id, { title: 'x', render_mode: 'templated', output_template: '{% if %}' })).rejects.toThrow(DomainValidationError);
    expect(await ctx.repos.sections.listByDocument(org.id, doc.id)).toEqual([]);
  });

  it("another organization's document is not found and gets no section", async () => {
    const owner = await buildOrg(h.db);
    const doc = await buildDocument(h.db, { orgId: owner.id });
    const other = await buildOrg(h.db);
    await expect(createSectionTitleOnly(h.contextFor(other), doc.id, { title: 'Intruder' })).rejects.toBeInstanceOf(NotFoundError);
    await expect(createSection(h.contextFor(other), doc.id, { title: 'Intruder' })).rejects.toBeInstanceOf(NotFoundError);
    expect(await h.contextFor(owner).repos.sections.listByDocument(owner.id, doc.id)).toEqual([]);
  });
});
