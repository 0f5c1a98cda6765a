/**
 * setLifecycleState on a real database (both dialects), and the rule it implies: a finalized
 * document refuses content edits (fields, sections, data-needs, order) until it is reopened.
 */
import { expect, it } from 'vitest';
import { DomainValidationError, NotFoundError } from '../../../kernel/errors.js';
import { FIXED_NOW, useDbHarness } from '../../../../test/support/db-harness.js';
import { describeEachDialect } from '../../../../test/support/dialects.js';
import { buildDataNeed, buildDocument, buildField, buildOrg, buildSection } from '../../../../test/support/factories.js';
import type { CommandContext } from '../../context.js';
import { createDataNeed } from '../data-needs/commands/create-data-need.js';
import { replaceFields } from '../fields/commands/replace-fields.js';
import { createSection } from '../sections/commands/create-section.js';
import { editSection } from '../sections/commands/edit-section.js';
import { reorderSections } from '../sections/commands/reorder-sections.js';
import { setLifecycleState } from './set-lifecycle-state.js';

/** Readiness is the workflow tier's; these tests judge the command with a verdict of their own. */
const NO_BLOCKERS = async (): Promise<string[]> => [];

describeEachDialect('setLifecycleState', (dialect) => {
  const h = useDbHarness(dialect);

  async function snapshot(ctx: CommandContext, documentId: string) {
    const orgId = ctx.actor.org.orgId;
    return {
      document: await ctx.repos.documents.findById(orgId, documentId),
      fields: await ctx.repos.fields.listByDocument(orgId, documentId),
      sections: await ctx.repos.sections.listByDocument(orgId, documentId),
      needs: await ctx.repos.dataNeeds.listByDocument(orgId, documentId),
    };
  }

  it('moves between any of the three states and stamps the time', async () => {
    const org = await buildOrg(h.db);
    const doc = await buildDocument(h.db, { orgId: org.id });
    const ctx = h.contextFor(org);

    expect(await setLifecycleState(ctx, doc.id, 'finalized', NO_BLOCKERS)).toMatchObject({ state: 'finalized', updatedAt: FIXED_NOW });
    expect(await setLifecycleState(ctx, doc.id, 'draft', NO_BLOCKERS)).toMatchObject({ state: 'draft' });
    await setLifecycleState(ctx, doc.id, 'under-review', NO_BLOCKERS);
    expect(await ctx.repos.documents.findById(org.id, doc.id)).toMatchObject({ state: 'under-review', updatedAt: FIXED_NOW });
  });

  it('refuses an unknown state and leaves the document as it was', async () => {
    const org = await buildOrg(h.db);
    const doc = await buildDocument(h.db, { orgId: org.id });
    const ctx = h.contextFor(org);
    await expect(setLifecycleState(ctx, doc.id, 'archived', NO_BLOCKERS)).rejects.toThrow(DomainValidationError);
    expect(await ctx.repos.documents.findById(org.id, doc.id)).toEqual(doc);
  });

  it('refuses to finalize while a blocker stands, naming it, and leaves the document as it was', async () => {
    const org = await buildOrg(h.db);
    const doc = await buildDocument(h.db, { orgId: org.id });
    const ctx = h.contextFor(org);
    const blockers = async () => ['risk_block_draft (dpa): risk block "dpa" is a draft'];
    await expect(setLifecycleState(ctx, doc.id, 'finalized', blockers)).rejects.toThrow(/risk_block_draft \(dpa\)/);
    expect(await ctx.repos.documents.findById(org.id, doc.id)).toEqual(doc);
    expect(await setLifecycleState(ctx, doc.id, 'under-review', blockers)).toMatchObject({ state: 'under-review' });
  });

  it('a finalized document refuses content edits, and nothing changes', async () => {
    const org = await buildOrg(h.db);
    const doc = await buildDocument(h.db, { orgId: org.id, state: 'finalized' });
    await buildField(h.db, { orgId: org.id, documentId: doc.id, key: 'client', value: 'Globex' });
    const a = await buildSection(h.db, { orgId: org.id, documentId: doc.id });
    const b = await buildSection(h.db, { orgId: org.id, documentId: doc.id });
    await buildDataNeed(h.db, { orgId: org.id, documentId: doc.id, outputKey: 'rate' });
    const ctx = h.contextFor(org);
    const before = await snapshot(ctx, doc.id);

    const attempts = [
      () => replaceFields(ctx, doc.id, { client: 'Initech' }),
      () => createSection(ctx, doc.id, { title: 'New' }),
      () => editSection(ctx, doc.id, a.id, { title: 'Renamed' }),
      () => reorderSections(ctx, doc.id, [b.id, a.id]),
      () => createDataNeed(ctx, doc.id, { kind: 'static', output_key: 'more', args_json: { value: 1 } }),
    ];
    for (const attempt of attempts) await expect(attempt()).rejects.toThrow(/document is finalized/);
    expect(await snapshot(ctx, doc.id)).toEqual(before);

    // Reopened, the same edit goes through.
    await setLifecycleState(ctx, doc.id, 'under-review', NO_BLOCKERS);
    await replaceFields(ctx, doc.id, { client: 'Initech' });
    expect((await ctx.repos.fields.listByDocument(org.id, doc.id))[0].value).toBe('Initech');
  });

  it("another organization's document is not found and keeps its state", async () => {
    const owner = await buildOrg(h.db);
    const doc = await buildDocument(h.db, { orgId: owner.id });
    const other = await buildOrg(h.db);
    await expect(setLifecycleState(h.contextFor(other), doc.id, 'finalized', NO_BLOCKERS)).rejects.toBeInstanceOf(NotFoundError);
    expect(await h.contextFor(owner).repos.documents.findById(owner.id, doc.id)).toEqual(doc);
  });
});
