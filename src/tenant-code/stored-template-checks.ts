/**
 * What stored templates read, for the paths that read them again and again — readiness, the gather
 * stage (which earlier values a data-need sees), the derivation record of a run and the staleness
 * of its sections, the sections a correction marks stale. Each text is checked once in the
 * tenant-code pool (parsing tenant text never runs on the main thread: docs/adr/0291) and the
 * answer remembered by its text, so a read of a generated document asks the pool nothing new.
 *
 * Unlike a check before saving (templateChecksOf), a read never fails over one template: a text
 * whose check ran out of a budget is answered with a problem naming the budget (its section is a
 * gap, its reads unknown — callers assume the worst), and the others still get their answers. An
 * overloaded pool (the host's fault) still throws.
 */
import type { TemplateCheck } from '../templating/index.js';
import { TenantCodeBudgetError } from './budgets.js';
import { checkTemplatesBounded, tenantCodeSettingsGeneration } from './tenant-code-pool.js';

/** At most this many answers, and this many characters of remembered text (texts are keys). */
const MAX_ANSWERS = 2_000;
const MAX_REMEMBERED_CHARS = 8_000_000;

const answers = new Map<string, TemplateCheck>();
let rememberedChars = 0;
let generation = -1;

function keyOf(source: string, namespaces: readonly string[]): string {
  return `${namespaces.join(',')}\u0000${source}`;
}

function remember(key: string, check: TemplateCheck): void {
  const previous = answers.get(key);
  if (previous) {
    answers.delete(key);
    rememberedChars -= key.length;
  }
  answers.set(key, check);
  rememberedChars += key.length;
  // The Map's order is the recency order: the least recently asked goes first.
  for (const [oldest] of answers) {
    if (answers.size <= MAX_ANSWERS && rememberedChars <= MAX_REMEMBERED_CHARS) break;
    answers.delete(oldest);
    rememberedChars -= oldest.length;
  }
}

function recall(key: string): TemplateCheck | undefined {
  const hit = answers.get(key);
  if (hit) remember(key, hit);
  return hit;
}

/** Checks `sources` in one task; when that task runs out of a budget, each alone, so only the costly ones get the budget's problem. */
async function checkEach(sources: string[], namespaces: readonly string[]): Promise<TemplateCheck[]> {
  try {
    return await checkTemplatesBounded(sources, namespaces);
  } catch (error) {
    if (!(error instanceof TenantCodeBudgetError)) throw error;
    if (sources.length === 1) return [{ problem: error.message, variables: [], members: [], reads: [] }];
    return (await Promise.all(sources.map((source) => checkEach([source], namespaces)))).flat();
  }
}

/** A template this lookup was not asked about: nothing is known of it. */
const NOT_ASKED: TemplateCheck = { problem: 'the template was not checked', variables: [], members: [], reads: [] };

/**
 * Checks of stored templates (see the file comment), answered from memory where they can be; the
 * lookup answers for the texts asked. Treat what a lookup returns as read-only.
 * @throws TenantCodeOverloadedError when the pool could not check them (the host's fault).
 */
export async function storedTemplateChecksOf(sources: readonly string[], namespaces: readonly string[] = []): Promise<(source: string) => TemplateCheck> {
  if (generation !== tenantCodeSettingsGeneration()) {
    // The budgets changed: an answer that ran out of one may not any more.
    answers.clear();
    rememberedChars = 0;
    generation = tenantCodeSettingsGeneration();
  }
  const found = new Map<string, TemplateCheck>();
  const unknown: string[] = [];
  for (const source of new Set(sources)) {
    const hit = recall(keyOf(source, namespaces));
    if (hit) found.set(source, hit);
    else unknown.push(source);
  }
  if (unknown.length > 0) {
    const checks = await checkEach(unknown, namespaces);
    unknown.forEach((source, i) => {
      const check = checks[i] ?? NOT_ASKED;
      found.set(source, check);
      remember(keyOf(source, namespaces), check);
    });
  }
  return (source) => found.get(source) ?? NOT_ASKED;
}

/** How many answers are remembered (tests). */
export function rememberedTemplateChecks(): number {
  return answers.size;
}
