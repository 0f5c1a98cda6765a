/** Cause attribution of one section between two manifests (pure). */
import { describe, expect, it } from 'vitest';
import type { SectionDerivation } from '../../pipeline/section-derivation.js';
import type { PinnedManifest } from './pinned-manifest.js';
import { type ComparedSide, compareSection } from './section-diff.js';

function derivation(reads: Record<string, string>, overrides: Partial<SectionDerivation> = {}): SectionDerivation {
  return {
    key: 'k',
    title: 'T',
    renderMode: 'templated',
    definition: { outputTemplate: 't1' },
    reads,
    model: null,
    modelChoiceHash: null,
    promptHash: null,
    voiceHash: null,
    briefHash: null,
    modelOutputHash: null,
    outputHash: 'o',
    ...overrides,
  };
}

function side(manifest: PinnedManifest, d: SectionDerivation | undefined, content: string): ComparedSide {
  return { manifest, definition: undefined, derivation: d, content };
}

describe('compareSection', () => {
  it('attributes a changed assessment value to corrections, naming the items that came and went', () => {
    const before: PinnedManifest = { engineVersion: 'e1', gathered: [{ outputKey: 'fee', kind: 'assessment', source: { itemIds: ['itm_1'] } }] };
    const after: PinnedManifest = { engineVersion: 'e1', gathered: [{ outputKey: 'fee', kind: 'assessment', source: { itemIds: ['itm_2'] } }] };
    const result = compareSection('s', side(before, derivation({ 'gathered.fee': 'a' }), 'x'), side(after, derivation({ 'gathered.fee': 'b' }), 'y'));
    expect(result).toMatchObject({ changed: true, attribution: 'section' });
    expect(result.causes).toEqual([{ kind: 'corrections', keys: ['fee'], detail: expect.stringMatching(/items added: itm_2; items removed: itm_1/) }]);
  });

  it('names template edits, the engine version, and a model that answered differently to the same inputs', () => {
    const synthesized = { renderMode: 'synthesized', model: 'm', promptHash: 'p' };
    const result = compareSection(
      's',
      side({ engineVersion: 'e1' }, derivation({}, { ...synthesized, modelOutputHash: 'a' }), 'x'),
      side({ engineVersion: 'e2' }, derivation({}, { ...synthesized, modelOutputHash: 'b', definition: { outputTemplate: 't2' } }), 'y'),
    );
    expect(result.causes.map((c) => [c.kind, c.keys])).toEqual([
      ['engine', []],
      ['template', ['outputTemplate']],
    ]);
    const drift = compareSection(
      's',
      side({}, derivation({}, { ...synthesized, modelOutputHash: 'a' }), 'x'),
      side({}, derivation({}, { ...synthesized, modelOutputHash: 'b' }), 'y'),
    );
    expect(drift.causes).toEqual([{ kind: 'model', keys: ['output'], detail: 'the model answered differently to the same inputs' }]);
  });
});
