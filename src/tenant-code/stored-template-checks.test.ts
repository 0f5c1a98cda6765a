/**
 * Checks of stored templates for the read paths (stored-template-checks.ts): real worker threads.
 * A text is checked once and answered from memory after; a template too costly to check gets a
 * problem naming the budget without costing the others theirs; new budgets forget old verdicts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureTenantCode, DEFAULT_TENANT_CODE_SETTINGS } from './tenant-code-pool.js';
import { rememberedTemplateChecks, storedTemplateChecksOf } from './stored-template-checks.js';

/** Texts no other test uses. */
const unique = (body: string) => `${body}{# ${Math.random()} #}`;
/** ~5 s of CPU for the Jinja tokenizer (quadratic on whitespace): far past the budget below. */
const costly = () => unique(`{{ ${' '.repeat(40_000)}x }}`);

describe('checks of stored templates', () => {
  beforeAll(() => configureTenantCode({ ...DEFAULT_TENANT_CODE_SETTINGS, workers: 2, timeoutMs: 300 }));
  afterAll(() => configureTenantCode(DEFAULT_TENANT_CODE_SETTINGS));

  it('answers what a template reads, and the second time from memory (the same answer, not a new one from a worker)', async () => {
    const source = unique('Dear {{ client.name }}, {{ fields.year }}');
    const first = await storedTemplateChecksOf([source]);
    expect(first(source)).toMatchObject({ problem: null, variables: ['client', 'fields'], reads: ['client.name', 'fields.year'] });
    const second = await storedTemplateChecksOf([source, source]);
    expect(second(source)).toBe(first(source));
  });

  it('gives a template too costly to check a problem naming the time budget, and the others their answers', async () => {
    const fine = unique('{{ total }}');
    const slow = costly();
    const checkOf = await storedTemplateChecksOf([fine, slow]);
    expect(checkOf(fine)).toMatchObject({ problem: null, variables: ['total'] });
    expect(checkOf(slow).problem).toMatch(/time budget of 300 ms/);
    expect(checkOf(slow).reads).toEqual([]);
    expect(checkOf('a text it was not asked about').problem).toMatch(/not checked/);
  }, 60_000);

  it('forgets what it remembered when the budgets change', async () => {
    await storedTemplateChecksOf([unique('{{ a }}')]);
    expect(rememberedTemplateChecks()).toBeGreaterThan(0);
    configureTenantCode({ ...DEFAULT_TENANT_CODE_SETTINGS, workers: 2, timeoutMs: 400 });
    await storedTemplateChecksOf([]);
    expect(rememberedTemplateChecks()).toBe(0);
  });
});
