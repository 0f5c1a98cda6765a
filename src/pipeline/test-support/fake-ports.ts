/**
 * Deterministic stand-ins for the pipeline's ports, for unit tests of the stages and the
 * façade: a model gateway whose answers are derived from its inputs (and recorded), gather
 * ports with a hand-filled cache and scripted tools, and an event recorder. No I/O, no timers.
 */
import type { EmitEvent, PipelineEvent, PipelineEventName } from '../events.js';
import type {
  ExtractedFacts,
  JudgeClaimsInput,
  LlmStatus,
  ModelChoice,
  ModelGateway,
  ModelResult,
  ModelStep,
  SynthesizeInput,
  WriteSectionInput,
} from '../ports.js';
import type { Readiness } from '../readiness.js';
import type { PipelineInput, PipelinePorts } from '../run-pipeline.js';
import type { DataNeed } from '../data-need.js';
import type { CallerIdentity } from '../gathered-derivation.js';
import type { GatherPorts } from '../stages/gather.js';
import type { GatheredSourceInfo } from '../ports.js';

const USAGE = { inputTokens: 10, outputTokens: 5 };

function result<T>(value: T, prompt: string): ModelResult<T> {
  return { value, model: 'fake-model', usage: { ...USAGE }, prompt };
}

export type ModelCall =
  | { method: 'synthesize'; input: SynthesizeInput }
  | { method: 'writeSection'; input: WriteSectionInput }
  | { method: 'completeDataNeed'; input: { prompt: string; context: Record<string, unknown>; models: ModelChoice } }
  | { method: 'judgeClaims'; input: JudgeClaimsInput }
  | { method: 'extractFacts'; input: { text: string } }
  | { method: 'improvePrompt'; input: { prompt: string; topic: string | null } };

export interface FakeModelOptions {
  /** What a synthesized section says (default: "Written: <title>"). */
  writeSection?: (input: WriteSectionInput) => string;
  /** The synthesize stage's structured answer (default: `{ summary: 'synthesized' }`). */
  synthesize?: (input: SynthesizeInput) => Record<string, unknown>;
  /** The answer of an `llm` data-need (default: "answer: <prompt>"). */
  completeDataNeed?: (prompt: string) => string;
  /** The model judge; null (default) means the gateway has none (like offline mode). */
  judge?: ((input: JudgeClaimsInput) => Array<{ sentence: string; supported: boolean; reason: string }>) | null;
}

/** A ModelGateway that answers deterministically and records every call in order. */
export class FakeModelGateway implements ModelGateway {
  readonly calls: ModelCall[] = [];

  constructor(private readonly options: FakeModelOptions = {}) {}

  callsOf<M extends ModelCall['method']>(method: M): Array<Extract<ModelCall, { method: M }>> {
    return this.calls.filter((c): c is Extract<ModelCall, { method: M }> => c.method === method);
  }

  status(): LlmStatus {
    return { mode: 'fake', model: 'fake-model', gatherModel: 'fake-model', synthesisModel: 'fake-model' };
  }

  /** The step's chosen model, else `fake-model` (so a test can change the gather model). */
  modelFor(step: ModelStep, models: ModelChoice): string {
    return models[step] ?? models.default ?? 'fake-model';
  }

  async synthesize(input: SynthesizeInput): Promise<ModelResult<Record<string, unknown>>> {
    this.calls.push({ method: 'synthesize', input });
    return result(this.options.synthesize?.(input) ?? { summary: 'synthesized' }, 'synthesize');
  }

  async writeSection(input: WriteSectionInput): Promise<ModelResult<{ content: string }>> {
    this.calls.push({ method: 'writeSection', input });
    return result({ content: this.options.writeSection?.(input) ?? `Written: ${input.title}` }, `write ${input.title}`);
  }

  async completeDataNeed(input: { prompt: string; context: Record<string, unknown>; models: ModelChoice }): Promise<ModelResult<string>> {
    this.calls.push({ method: 'completeDataNeed', input });
    return result(this.options.completeDataNeed?.(input.prompt) ?? `answer: ${input.prompt}`, input.prompt);
  }

  async judgeClaims(input: JudgeClaimsInput): Promise<ModelResult<Array<{ sentence: string; supported: boolean; reason: string }>> | null> {
    this.calls.push({ method: 'judgeClaims', input });
    const judge = this.options.judge ?? null;
    return judge ? result(judge(input), 'judge') : null;
  }

  async extractFacts(input: { text: string }): Promise<ModelResult<ExtractedFacts>> {
    this.calls.push({ method: 'extractFacts', input });
    return result({ entities: { people: [], organizations: [], places: [], dates: [], money: [], emails: [] }, fieldValues: {} }, 'extract');
  }

  async improvePrompt(input: { prompt: string; topic: string | null }): Promise<ModelResult<string>> {
    this.calls.push({ method: 'improvePrompt', input });
    return result(`${input.prompt} (improved)`, 'improve');
  }
}

/** Collects emitted events; `names()` gives the event kinds in order. */
export function recordEvents(): { emit: EmitEvent; events: PipelineEvent[]; names(): PipelineEventName[] } {
  const events: PipelineEvent[] = [];
  return {
    events,
    emit: async (event) => {
      events.push(event);
    },
    names: () => events.map((e) => e.event),
  };
}

export interface FakeGatherOptions {
  /** Cached values by output key (any inputs hash matches). */
  cache?: Record<string, { value: unknown; source?: GatheredSourceInfo | null }>;
  /** Tool answers by tool_ref; a function receives the rendered args. A thrown (or rejected) error fails the need. */
  tools?: Record<string, (args: Record<string, unknown>) => unknown>;
  /** Assessment values by output key. */
  assessments?: Record<string, unknown>;
  /** Registration configs by tool_ref (default `{}` for every tool of `tools`). */
  toolConfigs?: Record<string, Record<string, unknown>>;
  /** Tools that act for the caller (their answers belong to `caller`). */
  perUserTools?: string[];
  /** The caller of the run (default `{subject: 'ada', email: 'ada@example.com'}`). */
  caller?: CallerIdentity;
  /** The run's model choice, which decides an `llm` need's model (`model.modelFor('gather', …)`). */
  models?: ModelChoice;
}

export type GatherCall =
  | { port: 'cached'; outputKey: string; inputsHash: string }
  | { port: 'toolInputs'; outputKey: string }
  | { port: 'callTool'; outputKey: string; args: Record<string, unknown> }
  | { port: 'completeLlm'; outputKey: string; prompt: string }
  | { port: 'resolveAssessment'; outputKey: string };

/** Gather ports over in-memory answers; every call is recorded in order. */
export function fakeGatherPorts(model: ModelGateway, options: FakeGatherOptions = {}): Omit<GatherPorts, 'emit'> & { calls: GatherCall[] } {
  const calls: GatherCall[] = [];
  return {
    calls,
    async cached(need: DataNeed, inputsHash: string) {
      calls.push({ port: 'cached', outputKey: need.outputKey, inputsHash });
      const hit = options.cache?.[need.outputKey];
      return hit ? { value: hit.value, source: hit.source ?? null } : null;
    },
    async toolInputs(need: DataNeed) {
      calls.push({ port: 'toolInputs', outputKey: need.outputKey });
      const name = need.toolRef ?? '';
      const config = options.toolConfigs?.[name] ?? (options.tools?.[name] ? {} : undefined);
      if (!config) return null;
      const perUser = options.perUserTools?.includes(name) ?? false;
      return {
        registration: { name, classPath: perUser ? 'fake.per_user' : 'fake', config },
        caller: perUser ? (options.caller ?? { subject: 'ada', email: 'ada@example.com' }) : null,
      };
    },
    async callTool(need: DataNeed, args: Record<string, unknown>) {
      calls.push({ port: 'callTool', outputKey: need.outputKey, args });
      const tool = need.toolRef ? options.tools?.[need.toolRef] : undefined;
      if (!tool) throw new Error(`no tool "${need.toolRef ?? ''}"`);
      const value: unknown = await tool(args);
      return {
        value,
        source: { title: `Tool ${need.toolRef ?? ''}`, kind: 'tool', tool: need.toolRef, text: typeof value === 'string' ? value : JSON.stringify(value) },
      };
    },
    llmModel() {
      return model.modelFor('gather', options.models ?? {});
    },
    async completeLlm(need: DataNeed, prompt: string, context: Record<string, unknown>) {
      calls.push({ port: 'completeLlm', outputKey: need.outputKey, prompt });
      const answer = await model.completeDataNeed({ prompt, context, models: options.models ?? {} });
      return { value: answer.value, usage: answer.usage, model: answer.model, prompt: answer.prompt };
    },
    async resolveAssessment(need: DataNeed) {
      calls.push({ port: 'resolveAssessment', outputKey: need.outputKey });
      return { value: options.assessments?.[need.outputKey] ?? null, source: null };
    },
  };
}

/** A data-need for the gather stage; `static` with a value unless overridden. */
export function gatherNeed(overrides: Partial<DataNeed> & { outputKey: string }): DataNeed {
  return {
    id: `dn_${overrides.outputKey}`,
    kind: 'static',
    name: null,
    args: { value: overrides.outputKey },
    dependsOn: null,
    promptBody: null,
    toolRef: null,
    toolsAvailable: null,
    ...overrides,
  };
}

export const READY: Readiness = { generation_should_proceed: true, ui_state: 'ready', gaps: [] };

/** A complete, valid pipeline input (no needs, no sections) with overrides applied. */
export function pipelineInput(overrides: Partial<PipelineInput> = {}): PipelineInput {
  const sections = overrides.sections ?? [];
  return {
    document: { id: 'doc_1', title: 'Engagement letter', description: null, state: 'draft' },
    organization: { slug: 'acme', name: 'Acme' },
    readiness: READY,
    fields: {},
    needs: [],
    sections,
    renderSectionIds: new Set(sections.map((s) => s.id)),
    currentOutputs: {},
    computations: {},
    config: {
      synthesis: { enabled: false, instructions: null, schema: null },
      coordination: { maxConcurrency: 2, needTimeoutMs: 5_000 },
      brief: {},
      verify: { enabled: false, judge: 'auto' },
      render: { concurrency: 2 },
      models: {},
    },
    voice: null,
    snippets: [],
    variables: {},
    refresh: false,
    now: '2026-03-14T09:30:00.000Z',
    ...overrides,
  };
}

/** The ports of a pipeline run over the fakes. */
export function pipelinePorts(model = new FakeModelGateway(), gather: FakeGatherOptions = {}) {
  const recorder = recordEvents();
  const gatherPorts = fakeGatherPorts(model, gather);
  const ports: PipelinePorts = {
    emit: recorder.emit,
    model,
    gather: () => gatherPorts,
    orchestrate: { orchestrate: async () => undefined },
    // Tests hand the pipeline its input by overriding this (see run-pipeline.test.ts).
    loadInput: async () => {
      throw new Error('no input given to the fake pipeline ports');
    },
  };
  return { ports, model, recorder, gatherCalls: gatherPorts.calls };
}
