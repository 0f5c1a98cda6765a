/** instantiateTemplate on a real database (both dialects): what an instance copies, and tenancy. */
import { expect, it } from 'vitest';
import { DomainValidationError, NotFoundError } from '../../../kernel/errors.js';
import { useDbHarness, FIXED_NOW } from '../../../../test/support/db-harness.js';
import { describeEachDialect } from '../../../../test/support/dialects.js';
import { buildDataNeed, buildDocument, buildField, buildOrg, buildSection, buildTemplate } from '../../../../test/support/factories.js';
import { instantiateTemplate } from './instantiate-template.js';

describeEachDialect('instantiateTemplate', (dialect) => {
  const h = useDbHarness(dialect);

  async function templateWithContent() {
    const org = await buildOrg(h.db);
    const template = await buildTemplate(h.db, {
      orgId: org.id,
      title: 'Engagement letter',
      description: 'For new clients',
      config: { brief: { text: 'Be formal' } },
    });
    await buildField(h.db, { orgId: org.id, documentId: template.id, key: 'client', value: '', isRequired: true, label: 'Client' });
    await buildField(h.db, { orgId: org.id, documentId: template.id, key: 'fee', value: '100', valueType: 'number' });
    await buildSection(h.db, { orgId: org.id, documentId: template.id, key: 'intro', title: 'Introduction', content: 'template text', status: 'generated' });
    await buildDataNeed(h.db, { orgId: org.id, documentId: template.id, outputKey: 'rate', args: { value: 120 } });
    return { org, template };
  }

  it('creates a draft instance with the template fields (sent values applied), empty sections, needs and config', async () => {
    const { org, template } = await templateWithContent();
    const ctx = h.contextFor(org);

    const doc = await instantiateTemplate(ctx, { templateId: template.id, fields: { client: 'Globex', fee: 250, extra_note: 'kept' } });

    expect(doc).toMatchObject({
      title: 'Engagement letter',
      description: 'For new clients',
      isTemplate: false,
      templateId: template.id,
      state: 'draft',
      config: { brief: { text: 'Be formal' } },
      createdAt: FIXED_NOW,
      createdBy: 'tester@example.com',
    });
    const fields = await ctx.repos.fields.listByDocument(org.id, doc.id);
    expect(fields.map((f) => [f.key, f.value, f.valueType, f.isRequired])).toEqual([
      ['client', 'Globex', 'string', true],
      ['fee', '250', 'number', false],
      ['extra_note', 'kept', 'string', false],
    ]);
    const sections = await ctx.repos.sections.listByDocument(org.id, doc.id);
    expect(sections.map((s) => [s.key, s.title, s.content, s.status])).toEqual([['intro', 'Introduction', null, 'empty']]);
    expect((await ctx.repos.dataNeeds.listByDocument(org.id, doc.id)).map((n) => [n.outputKey, n.args])).toEqual([['rate', { value: 120 }]]);
    // The template itself is untouched.
    expect((await ctx.repos.sections.listByDocument(org.id, template.id))[0]).toMatchObject({ content: 'template text', status: 'generated' });
  });

  it('finds the template by slug too, and takes a sent title (trimmed)', async () => {
    const { org, template } = await templateWithContent();
    const doc = await instantiateTemplate(h.contextFor(org), { templateId: template.slug ?? '', title: '  Letter for Globex ' });
    expect(doc).toMatchObject({ templateId: template.id, title: 'Letter for Globex' });
  });

  it('refuses a document that is not a template', async () => {
    const org = await buildOrg(h.db);
    const instance = await buildDocument(h.db, { orgId: org.id });
    await expect(instantiateTemplate(h.contextFor(org), { templateId: instance.id })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('a blank title is refused before anything is written', async () => {
    const { org, template } = await templateWithContent();
    const ctx = h.contextFor(org);
    const before = await ctx.repos.documents.list(org.id, false);
    await expect(instantiateTemplate(ctx, { templateId: template.id, title: '   ' })).rejects.toBeInstanceOf(DomainValidationError);
    expect(await ctx.repos.documents.list(org.id, false)).toEqual(before);
  });

  it("another organization's template is not found, and no instance appears in either organization", async () => {
    const { org: owner, template } = await templateWithContent();
    const other = await buildOrg(h.db);
    const ctx = h.contextFor(other);

    await expect(instantiateTemplate(ctx, { templateId: template.id })).rejects.toBeInstanceOf(NotFoundError);
    await expect(instantiateTemplate(ctx, { templateId: template.slug ?? '' })).rejects.toBeInstanceOf(NotFoundError);
    expect(await ctx.repos.documents.list(other.id, false)).toEqual([]);
    expect(await ctx.repos.documents.list(owner.id, false)).toEqual([]);
  });
});
