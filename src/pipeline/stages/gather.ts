/**
 * The gather stage: data-needs in dependency order, the needs of one layer concurrently
 * (bounded), each with a timeout. A need whose inputs hash matches a stored row is reused
 * (`need_cached`) unless `refresh`. Side effects only through the ports passed in.
 */
import { evaluateExpression, renderTemplate } from '../../templating/index.js';
import { dependencyLayers } from '../dependency-graph.js';
import type { EmitEvent } from '../events.js';
import { hashOf } from '../inputs-hash.js';
import type { DataNeed, GatheredValue } from '../data-need.js';
import type { GatheredSourceInfo, ModelUsage } from '../ports.js';

/** A gathered value of this run, with the need it answers and how it was obtained. */
export interface GatheredItem extends GatheredValue {
  needId: string;
  cached: boolean;
  elapsedMs: number;
}

export interface GatherPorts {
  emit: EmitEvent;
  /** A stored value for these inputs, or null (the cache). */
  cached(need: DataNeed, inputsHash: string): Promise<Pick<GatheredValue, 'value' | 'source'> | null>;
  callTool(need: DataNeed, args: Record<string, unknown>, timeoutMs: number): Promise<{ value: unknown; source: GatheredSourceInfo }>;
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
  const byKey = new Map(input.needs.map((n) => [n.outputKey, n]));
  const layers = dependencyLayers(input.needs.map((n) => ({ key: n.outputKey, dependsOn: n.dependsOn ?? [] })));

  const runOne = async (need: DataNeed): Promise<void> => {
    const started = Date.now();
    const base = { dataNeedId: need.id, outputKey: need.outputKey, kind: need.kind };
    const blockedBy = (need.dependsOn ?? []).find((d) => failed.has(d));
    if (blockedBy) {
      failed.add(need.outputKey);
      const error = `depends on "${blockedBy}", which failed`;
      failures.push({ outputKey: need.outputKey, error });
      await ports.emit({ event: 'need_failed', ...base, elapsedMs: 0, error });
      return;
    }
    const deps = Object.fromEntries((need.dependsOn ?? []).map((d) => [d, values[d]]));
    const fieldKey = typeof need.args?.field === 'string' ? need.args.field : need.outputKey;
    const inputsHash = hashOf({ kind: need.kind, args: need.args, promptBody: need.promptBody, toolRef: need.toolRef, deps, field: need.kind === 'field' ? input.fields[fieldKey] : undefined, fields: need.kind === 'template' || need.kind === 'llm' ? input.fields : undefined, variables: input.variables });
    if (!input.refresh) {
      const hit = await ports.cached(need, inputsHash);
      if (hit) {
        values[need.outputKey] = hit.value;
        items.push({ needId: need.id, outputKey: need.outputKey, kind: need.kind, value: hit.value, source: hit.source, inputsHash, cached: true, elapsedMs: 0 });
        await ports.emit({ event: 'need_cached', ...base });
        return;
      }
    }
    await ports.emit({ event: 'need_started', ...base });
    try {
      const context = { ...input.fields, ...values, fields: input.fields, gathered: { ...values }, variables: input.variables };
      const { value, source } = await withTimeout(resolveNeed(need, context, fieldKey, input, ports, usage, prompts), input.timeoutMs, need.outputKey);
      const elapsedMs = Date.now() - started;
      values[need.outputKey] = value;
      items.push({ needId: need.id, outputKey: need.outputKey, kind: need.kind, value, source, inputsHash, cached: false, elapsedMs });
      await ports.emit({ event: 'need_finished', ...base, elapsedMs });
    } catch (error) {
      failed.add(need.outputKey);
      const message = error instanceof Error ? error.message : String(error);
      failures.push({ outputKey: need.outputKey, error: message });
      await ports.emit({ event: 'need_failed', ...base, elapsedMs: Date.now() - started, error: message });
    }
  };

  for (const layer of layers) {
    const queue = layer.map((key) => byKey.get(key)).filter((n): n is DataNeed => n !== undefined);
    const workers = Array.from({ length: Math.max(1, Math.min(input.concurrency, queue.length)) }, async () => {
      for (let need = queue.shift(); need; need = queue.shift()) await runOne(need);
    });
    await Promise.all(workers);
  }
  return { values, items, failures, usage, prompts };
}

async function resolveNeed(
  need: DataNeed,
  context: Record<string, unknown>,
  fieldKey: string,
  input: GatherInput,
  ports: GatherPorts,
  usage: ModelUsage,
  prompts: Record<string, string>,
): Promise<Pick<GatheredValue, 'value' | 'source'>> {
  const args = need.args ?? {};
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
        source: { title: typeof declared.title === 'string' ? declared.title : (need.name ?? need.outputKey), kind: 'static', url: typeof declared.url === 'string' ? declared.url : null, text },
      };
    }
    case 'template':
      return { value: evaluateExpression(String(args.expression ?? ''), context), source: null };
    case 'tool': {
      const toolArgs = Object.fromEntries(
        Object.entries(args).map(([k, v]) => [k, typeof v === 'string' && v.includes('{{') ? renderTemplate(v, context).output : v]),
      );
      return ports.callTool(need, toolArgs, input.timeoutMs);
    }
    case 'llm': {
      const rendered = renderTemplate(need.promptBody ?? '', context);
      if (rendered.error) throw new Error(`prompt_body: ${rendered.error}`);
      const answer = await ports.completeLlm(need, rendered.output, context);
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
