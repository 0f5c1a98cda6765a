/**
 * Templates are compiled once per content (issue #17): a run's sections that share a template,
 * and later runs, reuse the compiled program — and a reused program renders exactly what a
 * fresh compilation would, whatever the earlier renders did in their own scope.
 */
import { describe, expect, it } from 'vitest';
import { MAX_COMPILED_TEMPLATES, MAX_COMPILED_TEMPLATE_CHARS, compiledTemplateCacheSize } from './compiled-templates.js';
import { decodedPathCount, guardedPathOf, MAX_DECODED_PATHS } from './guarded-paths.js';
import { renderTemplate, renderTemplatesOver, templateCompilations } from './index.js';

/** A source no other test uses, so the cache cannot already hold it. */
const unique = (body: string) => `${body}{# ${Math.random()} #}`;

describe('compiled templates by content hash', () => {
  it('the same content is compiled once and renders each context correctly', () => {
    const source = unique('Dear {{ client }}, {{ items|length }} items');
    const before = templateCompilations();

    const first = renderTemplate(source, { client: 'Acme', items: [1, 2] });
    const second = renderTemplate(source, { client: 'Globex', items: [] });
    const third = renderTemplatesOver([source, source, source], { client: 'Initech', items: [1] });

    expect(templateCompilations() - before).toBe(1);
    expect(first.output).toBe('Dear Acme, 2 items');
    expect(second.output).toBe('Dear Globex, 0 items');
    expect(third.map((r) => r.output)).toEqual(['Dear Initech, 1 items', 'Dear Initech, 1 items', 'Dear Initech, 1 items']);
  });

  it('different content is compiled separately', () => {
    const before = templateCompilations();
    renderTemplate(unique('a {{ x }}'), { x: 1 });
    renderTemplate(unique('a {{ x }}'), { x: 1 });
    expect(templateCompilations() - before).toBe(2);
  });

  it('a reused program renders like a fresh one: macros, loops, set and namespace state stay per render', () => {
    const body = [
      '{% macro line(n) %}<{{ n }}>{% endmacro %}',
      '{% set ns = namespace(total=0) %}{% set label = title ~ "!" %}',
      '{% for i in items %}{{ line(i) }}{% set ns.total = ns.total + i %}{% endfor %}',
      '{{ label }} {{ ns.total }} {{ missing_value }}',
    ].join('');
    const source = unique(body);
    const context = { title: 'T', items: [1, 2, 3] };

    const runs = [renderTemplate(source, context), renderTemplate(source, { title: 'U', items: [5] }), renderTemplate(source, context)];

    expect(runs.map((r) => r.output)).toEqual([
      '<1><2><3>T! 6 [[missing: missing_value]]',
      '<5>U! 5 [[missing: missing_value]]',
      '<1><2><3>T! 6 [[missing: missing_value]]',
    ]);
    expect(runs.map((r) => r.undefinedVariables)).toEqual([['missing_value'], ['missing_value'], ['missing_value']]);
  });

  it('a template that does not parse is compiled once and reports its error every time', () => {
    const source = unique('{% if x %}never closed');
    const before = templateCompilations();
    const results = [renderTemplate(source, {}), renderTemplate(source, { x: true })];
    expect(templateCompilations() - before).toBe(1);
    expect(results).toHaveLength(2);
    for (const result of results) expect(result).toMatchObject({ output: '', error: expect.stringMatching(/./) });
  });

  it('renders over one context never see what another render of the batch set', () => {
    const setter = unique('{% set client = "changed" %}{{ client }}');
    const reader = unique('{{ client }}');
    const results = renderTemplatesOver([setter, reader, setter, reader], { client: 'Acme' });
    expect(results.map((r) => r.output)).toEqual(['changed', 'Acme', 'changed', 'Acme']);
  });

  it(`keeps at most ${MAX_COMPILED_TEMPLATES} compiled templates and ${MAX_COMPILED_TEMPLATE_CHARS} characters of their sources`, () => {
    for (let i = 0; i < MAX_COMPILED_TEMPLATES + 50; i += 1)
      expect(renderTemplate(unique(`Dear {{ client }} ${i}`), { client: 'Acme' }).output).toBe(`Dear Acme ${i}`);
    expect(compiledTemplateCacheSize().entries).toBe(MAX_COMPILED_TEMPLATES);
    // Three sources of 40 % of the character budget each: at most two stay.
    for (let i = 0; i < 3; i += 1) renderTemplate(unique(`{{ a }}${'x'.repeat(MAX_COMPILED_TEMPLATE_CHARS * 0.4)}`), { a: i });
    expect(compiledTemplateCacheSize().chars).toBeLessThanOrEqual(MAX_COMPILED_TEMPLATE_CHARS);
  });

  it(`keeps at most ${MAX_DECODED_PATHS} decoded variable paths`, () => {
    for (let i = 0; i < MAX_DECODED_PATHS + 50; i += 1) expect(guardedPathOf(JSON.stringify(['client', `field${i}`])).display).toBe(`client.field${i}`);
    expect(decodedPathCount()).toBeLessThanOrEqual(MAX_DECODED_PATHS);
  });
});
