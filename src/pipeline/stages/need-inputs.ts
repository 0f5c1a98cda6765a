/**
 * Which gathered values each data-need sees, and so which needs it waits for. The gather stage
 * starts a need as soon as these are in (not when its whole dependency layer is done), so what
 * a need sees must not depend on timing: it is exactly the needs it reads — its `depends_on`,
 * the earlier-layer values its templates name (the prompt, templated tool arguments, a template
 * expression), all earlier layers when a template reads `gathered` as a whole or does not parse
 * — and, transitively, what those saw. A value it neither declares nor names is not in its
 * context, however early it was gathered.
 */
import type { TemplateCheck } from '../../templating/index.js';
import { storedTemplateChecksOf } from '../../tenant-code/stored-template-checks.js';
import type { DataNeed } from '../data-need.js';
import { dependencyLayers } from '../dependency-graph.js';

/** The whole context, for a source whose names cannot be told (it does not parse). */
const EVERYTHING: ReadonlySet<string> = new Set(['fields', 'gathered', 'variables']);

/** Names templates (or an expression wrapped as one) read from their context, from their checks. */
function namesRead(checks: readonly TemplateCheck[]): ReadonlySet<string> {
  if (checks.some((check) => check.problem !== null)) return EVERYTHING;
  return new Set(checks.flatMap((check) => check.variables));
}

/** The names each need's templates read from its context. */
export type NeedReads = (need: Pick<DataNeed, 'kind' | 'args' | 'promptBody'>) => ReadonlySet<string>;

/**
 * What the needs' templates read, checked in the tenant-code pool (one task for the texts it has
 * not seen; a prompt is tenant text, and parsing it on the main thread could stall the service). A
 * template that does not parse, or costs too much to check, reads everything.
 * @throws TenantCodeOverloadedError when the pool could not check them (the host's fault).
 */
export async function needReadsOf(needs: readonly Pick<DataNeed, 'kind' | 'args' | 'promptBody'>[]): Promise<NeedReads> {
  const checkOf = await storedTemplateChecksOf(needs.flatMap(templatesOf));
  return (need) => namesRead(templatesOf(need).map(checkOf));
}

/** The template a `template` data-need's expression is evaluated as (and checked as). */
export function expressionTemplate(expression: string): string {
  return `{{ ${expression} }}`;
}

/** The templates of a need that read its context (what `prepareNeed` renders or evaluates). */
export function templatesOf(need: Pick<DataNeed, 'kind' | 'args' | 'promptBody'>): string[] {
  const args = need.args ?? {};
  switch (need.kind) {
    case 'template':
      return [expressionTemplate(String(args.expression ?? ''))];
    case 'tool':
      return Object.values(args).filter((v): v is string => typeof v === 'string' && v.includes('{{'));
    case 'llm':
      return [need.promptBody ?? ''];
    default:
      return [];
  }
}

export interface NeedInputs {
  /** Every need's key that can run (no cycle), dependencies before dependants, layer by layer in input order. */
  order: string[];
  /** Key → the keys of the needs whose values it sees (each before it in `order`). */
  sees: ReadonlyMap<string, ReadonlySet<string>>;
}

/** Which values each need sees (see the file comment); `readsOf` from needReadsOf over the same needs. */
export function needInputs(needs: readonly DataNeed[], readsOf: NeedReads): NeedInputs {
  const byKey = new Map(needs.map((n) => [n.outputKey, n]));
  const layers = dependencyLayers(needs.map((n) => ({ key: n.outputKey, dependsOn: n.dependsOn ?? [] })));
  const sees = new Map<string, ReadonlySet<string>>();
  const earlier: string[] = [];
  for (const layer of layers) {
    for (const key of layer) {
      const need = byKey.get(key);
      if (!need) continue;
      const names = readsOf(need);
      const direct = names.has('gathered') ? [...earlier] : earlier.filter((k) => names.has(k));
      direct.push(...(need.dependsOn ?? []).filter((d) => byKey.has(d)));
      const seen = new Set<string>();
      for (const d of direct) {
        seen.add(d);
        for (const upstream of sees.get(d) ?? []) seen.add(upstream);
      }
      sees.set(key, seen);
    }
    earlier.push(...layer);
  }
  return { order: layers.flat(), sees };
}

/** The values of `keys` that are present, in `order` (so a context built from them is the same every run). */
export function valuesSeen(order: readonly string[], keys: ReadonlySet<string>, values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const seen: Record<string, unknown> = {};
  for (const key of order) if (keys.has(key) && Object.hasOwn(values, key)) seen[key] = values[key];
  return seen;
}
