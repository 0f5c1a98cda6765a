/**
 * axe-core in the console's page: the rules of WCAG 2.x A and AA, violations of serious or
 * critical impact returned as one line each (rule, impact, the first offending elements), so a
 * test asserts `toEqual([])` and a failure says what to fix.
 *
 * axe is evaluated through the DevTools protocol, which the page's CSP does not govern: the
 * console's own policy stays as strict as it is served.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** The serious and critical violations on the page as it is now. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const loaded = await page.evaluate(() => typeof (globalThis as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(context: string, options: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run('html', {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target })) }));
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`);
}
