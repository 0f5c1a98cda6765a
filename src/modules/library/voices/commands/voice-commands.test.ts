/**
 * Voice commands on a real database (both dialects): the description is the rubric and the
 * samples the passages, null clears, names unique per organization, tenancy. Moved down from the
 * library-catalog e2e test (one use case over HTTP, ADR 0272); the HTTP mapping stays in
 * library-snippets e2e.
 */
import { expect, it } from 'vitest';
import { ConflictError, DomainValidationError, NotFoundError } from '../../../../kernel/errors.js';
import { useDbHarness } from '../../../../../test/support/db-harness.js';
import { describeEachDialect } from '../../../../../test/support/dialects.js';
import { buildOrg } from '../../../../../test/support/factories.js';
import { expectRefusal } from '../../../../../test/support/refusals.js';
import { getVoice, listVoices } from '../queries/list-voices.js';
import { presentVoice } from '../voice.presenter.js';
import { createVoice } from './create-voice.js';
import { deleteVoice } from './delete-voice.js';
import { updateVoice } from './update-voice.js';

describeEachDialect('voice commands', (dialect) => {
  const h = useDbHarness(dialect);

  it('creates, reads and lists a voice; null clears the description, null samples become none; deletes', async () => {
    const ctx = h.contextFor(await buildOrg(h.db));
    const voice = presentVoice(
      await createVoice(ctx, { name: 'Plain English', description: 'Short sentences. Active voice.', samples: ['We will deliver on time.'] }),
    );
    expect(voice).toMatchObject({ name: 'Plain English', description: 'Short sentences. Active voice.', samples: ['We will deliver on time.'] });
    expect((await listVoices(ctx, { limit: 50 })).items.map((v) => v.name)).toEqual(['Plain English']);
    expect(await getVoice(ctx, voice.id)).toEqual(voice);
    expect(await updateVoice(ctx, voice.id, { description: null })).toMatchObject({
      name: 'Plain English',
      description: null,
      samples: ['We will deliver on time.'],
    });
    expect(await updateVoice(ctx, voice.id, { samples: null })).toMatchObject({ description: null, samples: [] });

    await deleteVoice(ctx, voice.id);
    await expect(getVoice(ctx, voice.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(deleteVoice(ctx, voice.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('a taken name is a conflict (create and rename) but free in another organization; a blank or null name and {} are refused', async () => {
    const ctx = h.contextFor(await buildOrg(h.db));
    const voice = await createVoice(ctx, { name: 'Plain English' });
    await expectRefusal(createVoice(ctx, { name: 'Plain English' }), ConflictError, /"Plain English" already exists/);
    await expectRefusal(createVoice(ctx, { name: '   ' }), DomainValidationError, /name must not be blank/);
    await expectRefusal(updateVoice(ctx, voice.id, {}), DomainValidationError, /nothing to update/);
    await expectRefusal(updateVoice(ctx, voice.id, { name: null }), DomainValidationError, /name must not be blank/);
    const other = await createVoice(ctx, { name: 'Formal' });
    await expectRefusal(updateVoice(ctx, other.id, { name: 'Plain English' }), ConflictError, /"Plain English" already exists/);
    expect((await listVoices(ctx, { limit: 50 })).items).toEqual([presentVoice(other), presentVoice(voice)]);
    await createVoice(h.contextFor(await buildOrg(h.db)), { name: 'Plain English' });
  });

  it("another organization's voice is not found to read, update or delete, missing from the list, and stays unchanged", async () => {
    const owner = h.contextFor(await buildOrg(h.db));
    const voice = await createVoice(owner, { name: 'Theirs', description: 'rubric' });
    const other = h.contextFor(await buildOrg(h.db));
    await expect(getVoice(other, voice.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(updateVoice(other, voice.id, { description: 'hijacked' })).rejects.toBeInstanceOf(NotFoundError);
    await expect(deleteVoice(other, voice.id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await listVoices(other, { limit: 50 })).items).toEqual([]);
    expect(await getVoice(owner, voice.id)).toEqual(presentVoice(voice));
  });
});
