import { describe, expect, it } from 'vitest';
import { chooseModel } from './choose-model.js';

const service = { model: 'env-default', gatherModel: 'env-gather', synthesisModel: 'env-synth' };

describe('chooseModel', () => {
  it('uses the environment model of each step when the document chooses nothing', () => {
    expect(chooseModel('gather', {}, service)).toBe('env-gather');
    expect(chooseModel('synthesis', {}, service)).toBe('env-synth');
    expect(chooseModel('render', {}, service)).toBe('env-default');
    expect(chooseModel('verify', undefined, service)).toBe('env-default');
    expect(chooseModel('default', {}, service)).toBe('env-default');
  });

  it('prefers the document step model, then the document default, over the environment', () => {
    expect(chooseModel('render', { render: 'doc-render', default: 'doc-default' }, service)).toBe('doc-render');
    expect(chooseModel('synthesis', { render: 'doc-render', default: 'doc-default' }, service)).toBe('doc-default');
    expect(chooseModel('gather', { gather: 'doc-gather' }, service)).toBe('doc-gather');
  });

  it('treats null and blank choices as not chosen', () => {
    expect(chooseModel('verify', { verify: null, default: '  ' }, service)).toBe('env-default');
    expect(chooseModel('synthesis', { synthesis: '', default: null }, service)).toBe('env-synth');
  });
});
