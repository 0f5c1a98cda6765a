/**
 * Templates in the tenant-code pool (issue #17, Renders): each text goes to the worker of its
 * lane, so it is compiled once in the pool — not once by each worker that happens to take it —
 * and later renders of it (alone, in another batch, in another run) reuse that compilation.
 * Real worker threads; the compilation counts are the workers' own.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  configureTenantCode,
  DEFAULT_TENANT_CODE_SETTINGS,
  renderTemplates,
  renderTemplatesEach,
  templateCompilationsInPool,
  templateLane,
  tenantCodeStats,
} from './tenant-code-pool.js';

/** Sources no other test uses, so no worker has them cached yet. */
const unique = (body: string) => `${body}{# ${Math.random()} #}`;

/** A fresh template in the given lane (lanes spread evenly: a few tries suffice). */
function uniqueInLane(body: string, lane: number): string {
  for (let attempt = 0; attempt < 1_000; attempt += 1) {
    const source = unique(body);
    if (templateLane(source) === lane) return source;
  }
  throw new Error(`no template landed in lane ${lane}`);
}

describe('templates in the tenant-code pool', () => {
  beforeAll(async () => {
    configureTenantCode({ ...DEFAULT_TENANT_CODE_SETTINGS, workers: 2 });
    await renderTemplates(['{{ 1 }}', '{{ 2 }}'], {}, () => 'warm-up');
    await vi.waitFor(() => expect(tenantCodeStats().ready).toBe(2), { timeout: 20_000 });
  }, 30_000);

  it('compiles a template once in the pool: rendered again alone, or in another batch, no worker compiles it again', async () => {
    const first = uniqueInLane('Dear {{ client }} (0)', 0);
    const second = uniqueInLane('Dear {{ client }} (1)', 1);
    const before = templateCompilationsInPool();

    // Two renders at once: both workers busy, one template each.
    const [a, b] = await Promise.all([
      renderTemplates([first], { client: 'Acme' }, () => 'first'),
      renderTemplates([second], { client: 'Globex' }, () => 'second'),
    ]);
    expect(templateCompilationsInPool() - before).toBe(2);

    // Then one at a time (both workers free), and together in one call: no compilation.
    const alone = [
      await renderTemplates([second], { client: 'Initech' }, () => 'second'),
      await renderTemplates([first], { client: 'Initech' }, () => 'first'),
    ];
    const together = await renderTemplates([second, first, second], { client: 'Hooli' }, (i) => `template ${i}`);
    expect(templateCompilationsInPool() - before).toBe(2);

    expect([a[0].output, b[0].output]).toEqual(['Dear Acme (0)', 'Dear Globex (1)']);
    expect(alone.map(([r]) => r.output)).toEqual(['Dear Initech (1)', 'Dear Initech (0)']);
    expect(together.map((r) => r.output)).toEqual(['Dear Hooli (1)', 'Dear Hooli (0)', 'Dear Hooli (1)']);
  });

  it('compiles an edited template again and renders the edit', async () => {
    const original = unique('Total: {{ total }}');
    const edited = `${original} EUR`;
    const before = templateCompilationsInPool();
    const [was] = await renderTemplates([original], { total: 3 }, () => 'original');
    const [now] = await renderTemplates([edited], { total: 3 }, () => 'edited');
    const [again] = await renderTemplates([original], { total: 4 }, () => 'original');
    expect(templateCompilationsInPool() - before).toBe(2);
    expect([was.output, now.output, again.output]).toEqual([
      expect.stringMatching(/^Total: 3/),
      expect.stringMatching(/^Total: 3.* EUR$/),
      expect.stringMatching(/^Total: 4/),
    ]);
  });

  it('settles each template with its own batch, in order, one result per template', async () => {
    const sources = Array.from({ length: 40 }, (_, i) => unique(`#${i} {{ name }}`));
    const results = renderTemplatesEach(sources, { name: 'n' }, (i) => `template ${i}`);
    expect(results).toHaveLength(40);
    const outputs = (await Promise.all(results)).map((r) => r.output.split(' ').slice(0, 2).join(' '));
    expect(outputs).toEqual(sources.map((_, i) => `#${i} n`));
  });
});
