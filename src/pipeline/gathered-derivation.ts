/**
 * The derivation record of a gathered value: exactly what it was derived from, as content
 * hashes of its resolved inputs. Its hash is the gather cache's key, so a stored row is reused
 * only when every resolved input is equal; the record itself is stored with the row, so a later
 * diff can say which input changed. Only identities and hashes: never a token, never a value
 * beyond what the hashes stand for.
 */
import { hashOf, sameValue } from './inputs-hash.js';

/** Bumped when the record's shape or meaning changes (every older row then misses once). */
export const DERIVATION_VERSION = 2;

/** Who a per-user source answered: the verified caller's subject and e-mail (never the token). */
export interface CallerIdentity {
  subject: string | null;
  email: string | null;
}

/** The tool registration a `tool` value came from: name, class and the hash of its config. */
export interface ToolDerivation {
  name: string;
  classPath: string;
  config: string;
}

export interface GatheredDerivation {
  v: typeof DERIVATION_VERSION;
  kind: string;
  /** Each argument as the need ran it (templated strings rendered) → its hash. */
  args: Record<string, string>;
  /** The rendered prompt's hash (`llm`), else null. */
  prompt: string | null;
  /** The gathered values the need read (its `depends_on`, and earlier values it names) → their hashes. */
  deps: Record<string, string>;
  /** The fields the need read → their values' hashes. */
  fields: Record<string, string>;
  /** The run variables' hash when the need reads them, else null. */
  variables: string | null;
  /** `tool` needs: the registration called. */
  tool: ToolDerivation | null;
  /** `llm` needs: the model id asked (a change of the gather model re-gathers), else null. */
  model: string | null;
  /** Per-user sources: the caller the answer belongs to; null for sources that answer everyone alike. */
  caller: CallerIdentity | null;
}

/** The resolved inputs of one need, as the gather stage found them. */
export interface ResolvedInputs {
  kind: string;
  args: Record<string, unknown>;
  prompt: string | null;
  deps: Record<string, unknown>;
  fields: Record<string, unknown>;
  variables: Record<string, unknown> | null;
  tool: { name: string; classPath: string; config: Record<string, unknown> } | null;
  model: string | null;
  caller: CallerIdentity | null;
}

const hashEach = (values: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [key, hashOf(value)]));

/** The derivation record of resolved inputs (plain data, stable under key order). */
export function deriveGathered(inputs: ResolvedInputs): GatheredDerivation {
  return {
    v: DERIVATION_VERSION,
    kind: inputs.kind,
    args: hashEach(inputs.args),
    prompt: inputs.prompt === null ? null : hashOf(inputs.prompt),
    deps: hashEach(inputs.deps),
    fields: hashEach(inputs.fields),
    variables: inputs.variables === null ? null : hashOf(inputs.variables),
    tool: inputs.tool && { name: inputs.tool.name, classPath: inputs.tool.classPath, config: hashOf(inputs.tool.config) },
    model: inputs.model,
    caller: inputs.caller && { subject: inputs.caller.subject, email: inputs.caller.email },
  };
}

/** The inputs hash of a derivation: equal exactly when every recorded input is equal. */
export function derivationHash(derivation: GatheredDerivation): string {
  return hashOf(derivation);
}

/**
 * The names of a derivation's inputs that differ between two records (`args.vendor`,
 * `fields.vendor_name`, `tool`, `caller` …): what a staleness or diff view reports.
 */
export function changedInputs(before: GatheredDerivation, after: GatheredDerivation): string[] {
  const changed: string[] = [];
  for (const key of ['v', 'kind', 'prompt', 'variables', 'tool', 'model', 'caller'] as const) {
    if (!sameValue(before[key] ?? null, after[key] ?? null)) changed.push(key);
  }
  for (const group of ['args', 'deps', 'fields'] as const) {
    const names = new Set([...Object.keys(before[group]), ...Object.keys(after[group])]);
    for (const name of [...names].sort()) if (before[group][name] !== after[group][name]) changed.push(`${group}.${name}`);
  }
  return changed;
}
