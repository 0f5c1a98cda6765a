/** Text commands on a real database (both dialects): keys unique per organization, partial updates, tenancy. */
import { expect, it } from 'vitest';
import { ConflictError, DomainValidationError, NotFoundError } from '../../../../kernel/errors.js';
import { FIXED_NOW, useDbHarness } from '../../../../../test/support/db-harness.js';
import { describeEachDialect } from '../../../../../test/support/dialects.js';
import { buildOrg, buildText } from '../../../../../test/support/factories.js';
import { listTexts } from '../queries/list-texts.js';
import { createText } from './create-text.js';
import { deleteText } from './delete-text.js';
import { updateText } from './update-text.js';

describeEachDialect('text commands', (dialect) => {
  const h = useDbHarness(dialect);

  it('creates a text with defaults; the same key is a conflict in one organization but free in another', async () => {
    const org = await buildOrg(h.db);
    const ctx = h.contextFor(org);
    const text = await createText(ctx, { key: ' liability_cap ', value: 'Liability is capped at the fees paid.' });
    expect(text).toMatchObject({ key: 'liability_cap', valueType: 'string', bullets: [], entityRolesUsed: [], createdAt: FIXED_NOW });
    await expect(createText(ctx, { key: 'liability_cap', value: 'again' })).rejects.toBeInstanceOf(ConflictError);

    const other = await buildOrg(h.db);
    await createText(h.contextFor(other), { key: 'liability_cap', value: 'Their own wording' });
    expect((await listTexts(ctx, { limit: 50 })).items.map((t) => t.value)).toEqual(['Liability is capped at the fees paid.']);
  });

  it('refuses a template that does not parse and an unknown value type', async () => {
    const ctx = h.contextFor(await buildOrg(h.db));
    await expect(createText(ctx, { key: 'k', value: 'v', narrativeTemplate: '{% if %}' })).rejects.toThrow(/narrativeTemplate does not parse/);
    await expect(createText(ctx, { key: 'k', value: 'v', valueType: 'colour' })).rejects.toThrow(DomainValidationError);
    expect((await listTexts(ctx, { limit: 50 })).items).toEqual([]);
  });

  it('an update changes only the keys sent; null clears; a taken key is a conflict', async () => {
    const org = await buildOrg(h.db);
    const text = await buildText(h.db, { orgId: org.id, key: 'a', name: 'Clause A', bullets: ['one'] });
    await buildText(h.db, { orgId: org.id, key: 'b' });
    const ctx = h.contextFor(org);
    const updated = await updateText(ctx, text.id, { value: 'New wording', name: null, bullets: null });
    expect(updated).toEqual({ ...text, value: 'New wording', name: null, bullets: [], updatedAt: FIXED_NOW });
    expect(await ctx.repos.texts.findById(org.id, text.id)).toEqual(updated);
    await expect(updateText(ctx, text.id, { key: 'b' })).rejects.toBeInstanceOf(ConflictError);
    await expect(updateText(ctx, text.id, {})).rejects.toThrow(/nothing to update/);
  });

  it("another organization's text is not found for update or delete, and stays unchanged", async () => {
    const owner = await buildOrg(h.db);
    const text = await buildText(h.db, { orgId: owner.id, key: 'confidential' });
    const other = h.contextFor(await buildOrg(h.db));
    await expect(updateText(other, text.id, { value: 'Hijacked' })).rejects.toBeInstanceOf(NotFoundError);
    await expect(deleteText(other, text.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(await h.contextFor(owner).repos.texts.findById(owner.id, text.id)).toEqual(text);
  });

  it('deletes a text of the organization', async () => {
    const org = await buildOrg(h.db);
    const text = await buildText(h.db, { orgId: org.id });
    const ctx = h.contextFor(org);
    await deleteText(ctx, text.id);
    expect(await ctx.repos.texts.findById(org.id, text.id)).toBeUndefined();
    await expect(deleteText(ctx, text.id)).rejects.toBeInstanceOf(NotFoundError);
  });
});
