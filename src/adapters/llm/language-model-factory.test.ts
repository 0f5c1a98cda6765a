import { describe, expect, it } from 'vitest';
import { createLanguageModelFactory } from './language-model-factory.js';

describe('createLanguageModelFactory', () => {
  for (const provider of ['openai-compatible', 'anthropic'] as const) {
    it(`builds each ${provider} model once and hands it to every call for that id`, () => {
      const modelFor = createLanguageModelFactory({ provider, baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'key' });
      const first = modelFor('model-a');
      expect(modelFor('model-a')).toBe(first);
      const other = modelFor('model-b');
      expect(other).not.toBe(first);
      expect(typeof other === 'object' && other.modelId).toBe('model-b');
    });
  }

  it('keeps a bounded number of model ids, the least recently used going first', () => {
    const modelFor = createLanguageModelFactory({ provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'key' });
    const kept = modelFor('kept');
    const dropped = modelFor('dropped');
    for (let i = 0; i < 31; i += 1) {
      modelFor(`filler-${i}`);
      expect(modelFor('kept')).toBe(kept); // used again: stays among the most recent
    }
    expect(modelFor('dropped')).not.toBe(dropped);
    expect(modelFor('kept')).toBe(kept);
  });
});
