/**
 * The gather stage: each data-need starts as soon as the needs it reads are gathered (see
 * need-inputs.ts), at most `concurrency` at once, each with a timeout. Each need's inputs are resolved first (templated arguments
 * and the prompt rendered, the fields and earlier values it reads, the tool registration and,
 * for a per-user source, the caller) into its derivation record; a stored row with the same
 * record is reused (`need_cached`) unless `refresh`. Side effects only through the ports passed in.
 */
import { evaluateExpressionBounded, renderTemplateBounded, renderTemplates } from '../../tenant-code/tenant-code-pool.js';
import { createLimiter } from '../limiter.js';
import { type CallerIdentity, type GatheredDerivation, type ResolvedInputs, derivationHash, deriveGathered } from '../gathered-derivation.js';
import type { EmitEvent } from '../events.js';
import type { DataNeed, GatheredValue } from '../data-need.js';
import type { GatheredSourceInfo, ModelUsage, ToolRegistrationInput } from '../ports.js';
import { needInputs, needReadsOf, valuesSeen } from './need-inputs.js';

/** A gathered value of this run, with the need it answers and how it was obtained. */
export interface GatheredItem extends GatheredValue {
  derivation: GatheredDerivation;
  needId: string;
  cached: boolean;
  elapsedMs: number;
}

/** The registration a `tool` need calls, and the caller its answer belongs to when the tool is per-user. */
export interface ToolInputs {
  registration: ToolRegistrationInput;
  /** Non-null exactly when the tool forwards the caller's identity (its answer is that user's). */
  caller: CallerIdentity | null;
}

export interface GatherPorts {
  emit: EmitEvent;
  /** A stored value for these inputs, or null (the cache). */
  cached(need: DataNeed, inputsHash: string): Promise<Pick<GatheredValue, 'value' | 'source'> | null>;
  /** The registration a `tool` need would call (null when none is registered under its tool_ref). */
  toolInputs(need: DataNeed): Promise<ToolInputs | null>;
  callTool(need: DataNeed, args: Record<string, unknown>, timeoutMs: number): Promise<{ value: unknown; source: GatheredSourceInfo }>;
  /** The model an `llm` need would be asked (recorded in its derivation before the cache is asked). */
  llmModel(need: DataNeed): string;
  completeLlm(need: DataNeed, prompt: string, context: Record<string, unknown>): Promise<{ value: string; usage: ModelUsage; model: string; prompt: string }>;
  resolveAssessment(need: DataNeed): Promise<Pick<GatheredValue, 'value' | 'source'>>;
}

export interface GatherInput {
  needs: readonly DataNeed[];
  fields: Readonly<Record<string, string>>;
  variables: Readonly<Record<string, unknown>>;
  refresh: boolean;
  concurrency: number;
  timeoutMs: number;
}

export interface GatherOutput {
  values: Record<string, unknown>;
  items: GatheredItem[];
  failures: Array<{ outputKey: string; error: string }>;
  usage: ModelUsage;
  prompts: Record<string, string>;
}

class NeedTimeout extends Error {}

/** Runs every need; never throws for one need's failure (it is reported in `failures`). */
export async function gatherNeeds(input: GatherInput, ports: GatherPorts): Promise<GatherOutput> {
  const values: Record<string, unknown> = {};
  const items: GatheredItem[] = [];
  const failures: GatherOutput['failures'] = [];
  const usage: ModelUsage = { inputTokens: 0, outputTokens: 0 };
  const prompts: Record<string, string> = {};
  const failed = new Set<string>();
  const readsOf = await needReadsOf(input.needs);
  const { order, sees } = needInputs(input.needs, readsOf);

  const runOne = async (need: DataNeed, earlier: Readonly<Record<string, unknown>>): Promise<void> => {
    const started = Date.now();
    const base = { dataNeedId: need.id, outputKey: need.outputKey, kind: need.kind };
    const fail = async (error: unknown) => {
      failed.add(need.outputKey);
      const message = error instanceof Error ? error.message : String(error);
      failures.push({ outputKey: need.outputKey, error: message });
      await ports.emit({ event: 'need_failed', ...base, elapsedMs: Date.now() - started, error: message });
    };
    const blockedBy = (need.dependsOn ?? []).find((d) => failed.has(d));
    if (blockedBy) {
      failed.add(need.outputKey);
      const error = `depends on "${blockedBy}", which failed`;
      failures.push({ outputKey: need.outputKey, error });
      await ports.emit({ event: 'need_failed', ...base, elapsedMs: 0, error });
      return;
    }
    // A need sees the values of the needs it reads (need-inputs.ts): the same whatever the
    // timing of the others, so what it read can be recorded.
    const context = { ...input.fields, ...earlier, fields: input.fields, gathered: { ...earlier }, variables: input.variables };
    let prepared: PreparedNeed;
    try {
      prepared = await prepareNeed(need, context, earlier, input, ports, readsOf(need));
    } catch (error) {
      await fail(error);
      return;
    }
    const { derivation, inputsHash } = prepared;
    if (!input.refresh && (await useCachedValue(need, prepared, ports, { values, items }))) return;
    await ports.emit({ event: 'need_started', ...base });
    try {
      const { value, source } = await withTimeout(resolveNeed(need, prepared, context, input, ports, usage, prompts), input.timeoutMs, need.outputKey);
      const elapsedMs = Date.now() - started;
      values[need.outputKey] = value;
      items.push({ needId: need.id, outputKey: need.outputKey, kind: need.kind, value, source, inputsHash, derivation, cached: false, elapsedMs });
      await ports.emit({ event: 'need_finished', ...base, elapsedMs });
    } catch (error) {
      await fail(error);
    }
  };

  await runAsInputsArrive(input, order, sees, (need, inputs) => runOne(need, valuesSeen(order, inputs, values)));
  return { values, items, failures, usage, prompts };
}

/** Takes the stored value for the need's inputs, if there is one (`need_cached`); true when it did. */
async function useCachedValue(
  need: DataNeed,
  { derivation, inputsHash }: PreparedNeed,
  ports: Pick<GatherPorts, 'cached' | 'emit'>,
  gathered: Pick<GatherOutput, 'values' | 'items'>,
): Promise<boolean> {
  const hit = await ports.cached(need, inputsHash);
  if (!hit) return false;
  gathered.values[need.outputKey] = hit.value;
  gathered.items.push({
    needId: need.id,
    outputKey: need.outputKey,
    kind: need.kind,
    value: hit.value,
    source: hit.source,
    inputsHash,
    derivation,
    cached: true,
    elapsedMs: 0,
  });
  await ports.emit({ event: 'need_cached', dataNeedId: need.id, outputKey: need.outputKey, kind: need.kind });
  return true;
}

/**
 * Each need waits for the needs it sees, then for a slot: a need whose inputs are in starts
 * while unrelated, deeper needs are still running. Slots are served in the order needs became
 * ready (at concurrency 1 that is the old layer order).
 */
async function runAsInputsArrive(
  input: Pick<GatherInput, 'needs' | 'concurrency'>,
  order: readonly string[],
  sees: ReadonlyMap<string, ReadonlySet<string>>,
  run: (need: DataNeed, inputs: ReadonlySet<string>) => Promise<void>,
): Promise<void> {
  const byKey = new Map(input.needs.map((n) => [n.outputKey, n]));
  const slots = createLimiter(input.concurrency);
  const settled = new Map<string, Promise<void>>();
  for (const key of order) {
    const need = byKey.get(key);
    const inputs = sees.get(key);
    if (!need || !inputs) continue;
    const waits = [...inputs].map((k) => settled.get(k));
    settled.set(
      key,
      Promise.all(waits).then(() => slots.run(() => run(need, inputs))),
    );
  }
  await Promise.all(settled.values());
}

/**
 * What each need would be derived from if it were gathered now, over the values stored so far
 * (`stored`, by output key) instead of freshly gathered ones: the same resolution a run makes
 * before asking the cache, so "this stored row is out of date" and "the next run misses the
 * cache" are one judgement. No tool or model is called. A need whose inputs do not resolve (its
 * prompt does not render) maps to the error.
 */
export async function derivationsNow(
  input: Pick<GatherInput, 'needs' | 'fields' | 'variables'>,
  stored: Readonly<Record<string, unknown>>,
  ports: Pick<GatherPorts, 'toolInputs' | 'llmModel'>,
): Promise<Map<string, GatheredDerivation | Error>> {
  const result = new Map<string, GatheredDerivation | Error>();
  const byKey = new Map(input.needs.map((n) => [n.outputKey, n]));
  const readsOf = await needReadsOf(input.needs);
  const { order, sees } = needInputs(input.needs, readsOf);
  for (const key of order) {
    const need = byKey.get(key);
    if (!need) continue;
    const seen = valuesSeen(order, sees.get(key) ?? new Set(), stored);
    const context = { ...input.fields, ...seen, fields: input.fields, gathered: { ...seen }, variables: input.variables };
    try {
      result.set(key, (await prepareNeed(need, context, seen, input, ports, readsOf(need))).derivation);
    } catch (error) {
      result.set(key, error instanceof Error ? error : new Error(String(error)));
    }
  }
  return result;
}

/** A need with its inputs resolved: what it will run with, and the record of it. */
interface PreparedNeed {
  /** `field`: the key of the field it reads. */
  fieldKey: string;
  /** `tool`: the arguments with templated strings rendered. */
  toolArgs: Record<string, unknown>;
  /** `llm`: the rendered prompt. */
  prompt: string | null;
  derivation: GatheredDerivation;
  inputsHash: string;
}

/**
 * The fields, earlier values and variables that `names` read in a context built as
 * `{...fields, ...earlier, fields, gathered, variables}` (earlier values shadow fields).
 */
function readFrom(
  names: ReadonlySet<string>,
  need: DataNeed,
  earlier: Readonly<Record<string, unknown>>,
  input: Pick<GatherInput, 'fields' | 'variables'>,
): Pick<ResolvedInputs, 'deps' | 'fields' | 'variables'> {
  const deps: Record<string, unknown> = {};
  const fields: Record<string, unknown> = {};
  for (const key of need.dependsOn ?? []) deps[key] = earlier[key];
  for (const name of names) {
    if (Object.hasOwn(earlier, name)) deps[name] = earlier[name];
    else if (Object.hasOwn(input.fields, name)) fields[name] = input.fields[name];
  }
  if (names.has('gathered')) Object.assign(deps, earlier);
  if (names.has('fields')) Object.assign(fields, input.fields);
  return { deps, fields, variables: names.has('variables') ? input.variables : null };
}

/**
 * Resolves what a need runs with — templated tool arguments and the prompt rendered, the tool
 * registration and caller — and records what it reads, before the cache is asked.
 *
 * @throws Error when the prompt does not render (the need fails).
 */
async function prepareNeed(
  need: DataNeed,
  context: Record<string, unknown>,
  earlier: Readonly<Record<string, unknown>>,
  input: Pick<GatherInput, 'fields' | 'variables'>,
  ports: Pick<GatherPorts, 'toolInputs' | 'llmModel'>,
  /** The names the need's templates read (needReadsOf). */
  names: ReadonlySet<string>,
): Promise<PreparedNeed> {
  const args = need.args ?? {};
  const fieldKey = typeof args.field === 'string' ? args.field : need.outputKey;
  let toolArgs: Record<string, unknown> = {};
  let prompt: string | null = null;
  let resolved: ResolvedInputs;
  const bare = { kind: need.kind, args, prompt: null, deps: {}, fields: {}, variables: null, tool: null, model: null, caller: null };
  switch (need.kind) {
    case 'field':
      resolved = { ...bare, fields: { [fieldKey]: input.fields[fieldKey] } };
      break;
    case 'template':
      resolved = { ...bare, ...readFrom(names, need, earlier, input) };
      break;
    case 'tool': {
      const argKeys = Object.keys(args).filter((k) => typeof args[k] === 'string' && (args[k] as string).includes('{{'));
      const renderedArgs = await renderTemplates(
        argKeys.map((k) => args[k] as string),
        context,
        (i) => `argument "${argKeys[i]}" of data-need "${need.outputKey}"`,
      );
      toolArgs = { ...args, ...Object.fromEntries(argKeys.map((k, i) => [k, renderedArgs[i].output])) };
      const tool = await ports.toolInputs(need);
      resolved = { ...bare, args: toolArgs, ...readFrom(names, need, earlier, input), tool: tool?.registration ?? null, caller: tool?.caller ?? null };
      break;
    }
    case 'llm': {
      const rendered = await renderTemplateBounded(need.promptBody ?? '', context, `the prompt of data-need "${need.outputKey}"`);
      if (rendered.error) throw new Error(`prompt_body: ${rendered.error}`);
      prompt = rendered.output;
      // The model is given the whole context: every field, earlier value and variable.
      resolved = { ...bare, prompt, deps: { ...earlier }, fields: { ...input.fields }, variables: input.variables, model: ports.llmModel(need) };
      break;
    }
    default:
      // static: its arguments are its value; assessment: read afresh every run (never cached).
      resolved = bare;
  }
  const derivation = deriveGathered(resolved);
  return { fieldKey, toolArgs, prompt, derivation, inputsHash: derivationHash(derivation) };
}

async function resolveNeed(
  need: DataNeed,
  prepared: PreparedNeed,
  context: Record<string, unknown>,
  input: GatherInput,
  ports: GatherPorts,
  usage: ModelUsage,
  prompts: Record<string, string>,
): Promise<Pick<GatheredValue, 'value' | 'source'>> {
  const args = need.args ?? {};
  const { fieldKey } = prepared;
  switch (need.kind) {
    case 'field':
      if (!(fieldKey in input.fields)) throw new Error(`the document has no field "${fieldKey}"`);
      return { value: input.fields[fieldKey], source: null };
    case 'static': {
      // Static values are reference material an author put in the template: citable.
      const declared = (args.source ?? {}) as { title?: unknown; url?: unknown };
      const text = typeof args.value === 'string' ? args.value : JSON.stringify(args.value);
      return {
        value: args.value,
        source: {
          title: typeof declared.title === 'string' ? declared.title : (need.name ?? need.outputKey),
          kind: 'static',
          url: typeof declared.url === 'string' ? declared.url : null,
          text,
        },
      };
    }
    case 'template':
      return { value: await evaluateExpressionBounded(String(args.expression ?? ''), context), source: null };
    case 'tool':
      return ports.callTool(need, prepared.toolArgs, input.timeoutMs);
    case 'llm': {
      const answer = await ports.completeLlm(need, prepared.prompt ?? '', context);
      usage.inputTokens += answer.usage.inputTokens;
      usage.outputTokens += answer.usage.outputTokens;
      prompts[need.outputKey] = answer.prompt;
      return { value: answer.value, source: null };
    }
    case 'assessment':
      return ports.resolveAssessment(need);
    default:
      throw new Error(`unknown data-need kind "${need.kind}"`);
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, key: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NeedTimeout(`"${key}" took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
