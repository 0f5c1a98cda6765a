/**
 * Text commands on a real database (both dialects): keys unique per organization, partial updates,
 * every refusal changing nothing, tenancy. The CRUD, refusal and race cases moved down from the
 * library-catalog e2e test (one use case over HTTP, ADR 0272); the HTTP mapping stays in
 * library-snippets e2e.
 */
import { expect, it } from 'vitest';
import { ConflictError, DomainValidationError, NotFoundError } from '../../../../kernel/errors.js';
import { FIXED_NOW, useDbHarness } from '../../../../../test/support/db-harness.js';
import { describeEachDialect } from '../../../../../test/support/dialects.js';
import { buildOrg, buildText } from '../../../../../test/support/factories.js';
import { expectRefusal } from '../../../../../test/support/refusals.js';
import { presentText } from '../text.presenter.js';
import { getText, listTexts } from '../queries/list-texts.js';
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

  it('creates with every field, reads and lists it; null clears, absent keys stay, a null valueType is string again; deletes', async () => {
    const ctx = h.contextFor(await buildOrg(h.db));
    const text = presentText(
      await createText(ctx, {
        key: 'parties',
        value: 'The parties',
        name: 'Parties',
        description: 'Who signs',
        headingTemplate: 'Between {{ client }} and {{ supplier }}',
        narrativeTemplate: '{{ client }} engages {{ supplier }}.',
        bullets: ['a', 'b'],
        entityRolesUsed: ['client', 'supplier'],
      }),
    );
    expect(text).toMatchObject({
      key: 'parties',
      value: 'The parties',
      valueType: 'string',
      name: 'Parties',
      bullets: ['a', 'b'],
      entityRolesUsed: ['client', 'supplier'],
    });
    expect(text.id).toMatch(/^txt_/);
    expect(await getText(ctx, text.id)).toEqual(text);
    expect((await listTexts(ctx, { limit: 50 })).items.map((t) => t.key)).toEqual(['parties']);

    const patched = presentText(await updateText(ctx, text.id, { name: null, bullets: null, value: 'Parties to the agreement' }));
    expect(patched).toMatchObject({
      name: null,
      bullets: [],
      value: 'Parties to the agreement',
      description: 'Who signs',
      headingTemplate: text.headingTemplate,
      entityRolesUsed: ['client', 'supplier'],
    });
    expect(await getText(ctx, text.id)).toEqual(patched);
    const cleared = await updateText(ctx, text.id, { valueType: null, description: null, headingTemplate: null, entityRolesUsed: null });
    expect(cleared).toMatchObject({
      valueType: 'string',
      description: null,
      headingTemplate: null,
      entityRolesUsed: [],
      narrativeTemplate: text.narrativeTemplate,
    });

    await deleteText(ctx, text.id);
    await expect(getText(ctx, text.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(deleteText(ctx, text.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('every refusal names its reason and changes nothing; a rename to a taken key is a conflict naming the key', async () => {
    const ctx = h.contextFor(await buildOrg(h.db));
    const text = await createText(ctx, { key: 'k', value: 'v' });
    const refusals: Array<[() => Promise<unknown>, RegExp]> = [
      [() => createText(ctx, { key: '  ', value: 'v' }), /key must not be blank/],
      [() => createText(ctx, { key: 'x1', value: 'v', valueType: 'colour' }), /valueType/],
      [() => createText(ctx, { key: 'x2', value: 'v', narrativeTemplate: '{% if %}' }), /narrativeTemplate does not parse/],
      [() => createText(ctx, { key: 'x3', value: 'v', headingTemplate: '{{ a' }), /headingTemplate does not parse/],
      [() => updateText(ctx, text.id, {}), /nothing to update/],
      [() => updateText(ctx, text.id, { key: null }), /key must not be blank/],
      [() => updateText(ctx, text.id, { narrativeTemplate: '{% for x in %}' }), /does not parse/],
    ];
    for (const [refused, reason] of refusals) await expectRefusal(refused(), DomainValidationError, reason);
    await expectRefusal(createText(ctx, { key: 'k', value: 'again' }), ConflictError, /already exists/);
    const other = await createText(ctx, { key: 'other', value: 'o' });
    await expectRefusal(updateText(ctx, other.id, { key: 'k' }), ConflictError, /"k" already exists/);
    expect((await listTexts(ctx, { limit: 50 })).items).toEqual([presentText(text), presentText(other)]);
  });

  it('of four creates racing for one key, one succeeds and three are conflicts', async () => {
    const ctx = h.contextFor(await buildOrg(h.db));
    const answers = await Promise.allSettled([1, 2, 3, 4].map((n) => createText(ctx, { key: 'race', value: String(n) })));
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    expect(answers.flatMap((a) => (a.status === 'rejected' ? [a.reason] : [])).map((reason) => reason instanceof ConflictError)).toEqual([true, true, true]);
    expect((await listTexts(ctx, { limit: 50 })).items.map((t) => t.key)).toEqual(['race']);
  });

  it("another organization's text is not found to read and missing from the list", async () => {
    const owner = await buildOrg(h.db);
    const text = await buildText(h.db, { orgId: owner.id, key: 'theirs' });
    const other = h.contextFor(await buildOrg(h.db));
    await expect(getText(other, text.id)).rejects.toThrow(NotFoundError);
    expect((await listTexts(other, { limit: 50 })).items).toEqual([]);
  });
});
