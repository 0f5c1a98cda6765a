import { describe, expect, it } from 'vitest';
import type { WriteSectionInput } from '../../../pipeline/ports.js';
import { buildWriteSectionPrompt } from './write-section.js';

const input = (context: Record<string, unknown>): WriteSectionInput => ({
  title: 'Recommendation',
  prompt: 'Recommend approve or reject.',
  outputType: 'markdown',
  context,
  sources: [],
  voice: null,
  brief: {},
  models: {},
});

describe('the prompt of a synthesized section', () => {
  it('gives the computed decisions as facts the writer states and never overrides', () => {
    const decided = { recommendation: { title: 'Recommendation', decided: true, outcome: 'reject', label: 'Reject', reasons: ['No SOC 2 report.'] } };
    const { system, user } = buildWriteSectionPrompt(input({ decisions: decided }));
    expect(system).toContain('never state, recommend or imply a different outcome');
    expect(user).toContain('"label": "Reject"');
    expect(buildWriteSectionPrompt(input({ decisions: {} })).system).not.toContain('Decisions:');
  });
});
