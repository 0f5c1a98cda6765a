/**
 * The pipeline façade: orchestrate (when the run brings intake text) → readiness gate → gather →
 * compute → synthesize → render and verify (overlapped: each section is checked as soon as it is
 * rendered), each stage emitting its events. It owns no storage:
 * the runner (modules/generation) supplies the ports that orchestrate and load the inputs,
 * persists what comes back, and emits the terminal `pipeline_finished` once the output is
 * saved. Any error escapes to the runner, which ends the run with `pipeline_failed`.
 */
import type { EmitEvent, FailedSection, PlaceholderCompleteness, UnsupportedSection } from './events.js';
import type { FieldDefinitionInput, ModelChoice, ModelGateway, ModelUsage, OrchestratePort, VoiceInput } from './ports.js';
import type { Readiness } from './readiness.js';
import type { NumberedSource } from './sources.js';
import { numberSources } from './sources.js';
import { computeValues } from './stages/compute.js';
import { type DecisionResult, type DecisionSpec, decideAll, decisionFacts } from './stages/decide.js';
import type { DataNeed } from './data-need.js';
import { type GatherOutput, type GatherPorts, gatherNeeds } from './stages/gather.js';
import { type RenderSection, type RenderedSection, buildRenderContext } from './stages/render.js';
import { renderAndVerify } from './stages/render-and-verify.js';
import { readSourceFacts } from './verify/check-citations.js';
import { type StatedFact, statedFactsOf } from './verify/stated-facts.js';

export interface PipelineInput {
  document: { id: string; title: string; description: string | null; state: string };
  organization: { slug: string; name: string };
  readiness: Readiness;
  fields: Record<string, string>;
  /** The fields' labels, types and options (what a writer needs to state a value in words). */
  fieldDefinitions?: FieldDefinitionInput[];
  needs: DataNeed[];
  sections: RenderSection[];
  /** Sections to (re)render; the others keep their current output (also visible to templates). */
  renderSectionIds: ReadonlySet<string>;
  currentOutputs: Record<string, string | null>;
  computations: Record<string, string>;
  /** The template's decisions (config `decisions.items`): rules evaluated after compute. */
  decisions?: DecisionSpec[];
  config: {
    synthesis: { enabled: boolean; instructions: string | null; schema: object | null };
    coordination: { maxConcurrency: number; needTimeoutMs: number };
    brief: Record<string, unknown>;
    verify: { enabled: boolean; judge: 'auto' | 'deterministic' | 'model' };
    /** `language`: the document's locale, which `date("long")` and other locale-aware filters format in. */
    render: { concurrency: number; language?: string };
    models: ModelChoice;
  };
  voice: VoiceInput | null;
  snippets: Array<Record<string, unknown>>;
  variables: Record<string, unknown>;
  refresh: boolean;
  /** The run's pinned time (ISO): computations and templates see this "now". */
  now: string;
}

/** What a run starts from before its input is loaded. */
export interface PipelineStart {
  /** Intake text to orchestrate from (the run's `variables.source_text`); null when there is none. */
  intakeText: string | null;
}

export interface PipelinePorts {
  emit: EmitEvent;
  model: ModelGateway;
  orchestrate: OrchestratePort;
  /**
   * Loads the run's input. Called after the orchestrate stage: orchestration sets fields and
   * binds snippets, so readiness, fields and every later stage must see the document as it
   * left it.
   */
  loadInput(): Promise<PipelineInput>;
  /** The gather stage's ports for the loaded input (they use its model choice). */
  gather(input: PipelineInput): Omit<GatherPorts, 'emit'>;
}

/** The outcome, with the input the stages ran on (the runner pins it in the manifest). */
export type PipelineResult =
  | { status: 'blocked'; input: PipelineInput }
  | {
      status: 'rendered';
      input: PipelineInput;
      gathered: GatherOutput;
      computed: Record<string, unknown>;
      computeErrors: Record<string, string>;
      /** What each decision concluded, the rule that fired and the inputs it saw. */
      decisions: DecisionResult[];
      synthesized: { value: Record<string, unknown>; model: string; prompt: string; mode: string } | null;
      renderContext: Record<string, unknown>;
      sources: NumberedSource[];
      rendered: RenderedSection[];
      unsupported: UnsupportedSection[];
      /** Sections whose writer failed: the run went on without them (issue 31, row 8). */
      failedSections: FailedSection[];
      completeness: PlaceholderCompleteness;
      usage: ModelUsage;
    };

function addUsage(total: ModelUsage, more: ModelUsage): void {
  total.inputTokens += more.inputTokens;
  total.outputTokens += more.outputTokens;
}

/**
 * The orchestrate stage, and the input the rest of the run sees. Event order as clients know
 * it: with intake text, `pipeline_started` and `orchestrate_started` come before the input is
 * loaded (it must be loaded after orchestration); without, the input is loaded first.
 */
async function startRun(start: PipelineStart, ports: PipelinePorts): Promise<PipelineInput> {
  if (start.intakeText === null) {
    const input = await ports.loadInput();
    await ports.emit({ event: 'pipeline_started' });
    return input;
  }
  await ports.emit({ event: 'pipeline_started' });
  await ports.emit({ event: 'orchestrate_started' });
  await ports.orchestrate.orchestrate(start.intakeText);
  return ports.loadInput();
}

type Synthesized = Extract<PipelineResult, { status: 'rendered' }>['synthesized'];

/** Runs one generation through every stage; never persists anything itself. */
export async function runPipeline(start: PipelineStart, ports: PipelinePorts): Promise<PipelineResult> {
  const input = await startRun(start, ports);
  if (!input.readiness.generation_should_proceed) {
    await ports.emit({ event: 'pipeline_blocked', readiness: input.readiness });
    return { status: 'blocked', input };
  }
  const usage: ModelUsage = { inputTokens: 0, outputTokens: 0 };
  const gathered = await gatherStage(input, ports);
  addUsage(usage, gathered.usage);
  const computing = { computations: input.computations, fields: input.fields, gathered: gathered.values, now: input.now };
  const { computed, errors: computeErrors, budgetExceeded } = await computeValues(computing);
  // A computation that ran out of a budget fails the run with the budget named (pipeline_failed).
  if (budgetExceeded) throw new Error(budgetExceeded.message);
  const decisions = await decideAll({ decisions: input.decisions ?? [], fields: input.fields, computed, gathered: gathered.values });

  const sources = numberSources(gathered.items.map((item) => ({ outputKey: item.outputKey, source: item.source, value: item.value })));
  const synthesized = input.config.synthesis.enabled ? await synthesizeStage(input, ports, gathered, computed, sources, usage) : null;
  const renderContext = renderContextOf(input, gathered, computed, synthesized, sources, decisions);
  const facts = statedFactsOf(input.fields, input.fieldDefinitions ?? [], computed);
  const { rendered, unsupported, failed } = await renderStage(input, ports, renderContext, { sources, facts }, usage, decisions);

  const missingPlaceholders = rendered.filter((r) => r.missing.length > 0).map((r) => ({ sectionId: r.sectionId, names: r.missing }));
  return {
    status: 'rendered',
    input,
    gathered,
    computed,
    computeErrors,
    decisions,
    synthesized,
    renderContext,
    sources,
    rendered,
    unsupported,
    failedSections: failed,
    completeness: { complete: missingPlaceholders.length === 0, missingPlaceholders },
    usage,
  };
}

/** The gather stage: every data need answered, or the run fails naming those that were not. */
async function gatherStage(input: PipelineInput, ports: PipelinePorts): Promise<GatherOutput> {
  await ports.emit({ event: 'gather_started' });
  const gathered = await gatherNeeds(
    {
      needs: input.needs,
      fields: input.fields,
      variables: input.variables,
      refresh: input.refresh,
      concurrency: input.config.coordination.maxConcurrency,
      timeoutMs: input.config.coordination.needTimeoutMs,
    },
    { ...ports.gather(input), emit: ports.emit },
  );
  if (gathered.failures.length > 0) {
    throw new Error(`data-needs failed: ${gathered.failures.map((f) => `${f.outputKey} (${f.error})`).join('; ')}`);
  }
  return gathered;
}

/** The synthesis stage (when enabled): the model's structured answer over everything gathered and computed. */
async function synthesizeStage(
  input: PipelineInput,
  ports: PipelinePorts,
  gathered: GatherOutput,
  computed: Record<string, unknown>,
  sources: NumberedSource[],
  usage: ModelUsage,
): Promise<NonNullable<Synthesized>> {
  await ports.emit({ event: 'synthesize_started' });
  const answering = ports.model.synthesize({
    fields: input.fields,
    gathered: gathered.values,
    computed,
    brief: typeof input.config.brief.text === 'string' ? input.config.brief.text : null,
    instructions: input.config.synthesis.instructions,
    schema: input.config.synthesis.schema,
    models: input.config.models,
  });
  if (input.config.verify.enabled) {
    // While the model writes, the sources' facts are read for the verify stage (chrono:
    // milliseconds per source), after one turn of the event loop lets the call go out; each
    // section's check then costs its sentences only, once the sections come back together.
    answering.catch(() => undefined);
    await new Promise((resolve) => setImmediate(resolve));
    readSourceFacts(sources.map((s) => s.text));
  }
  const answer = await answering;
  addUsage(usage, answer.usage);
  return { value: answer.value, model: answer.model, prompt: answer.prompt, mode: ports.model.status().mode };
}

/** What templates and writers see: the values of every stage, the document, its sources and the other sections' outputs. */
function renderContextOf(
  input: PipelineInput,
  gathered: GatherOutput,
  computed: Record<string, unknown>,
  synthesized: Synthesized,
  sources: NumberedSource[],
  decisions: readonly DecisionResult[],
): Record<string, unknown> {
  return buildRenderContext({
    decisions: decisionFacts(decisions),
    fields: input.fields,
    gathered: gathered.values,
    computed,
    synthesized: synthesized?.value ?? null,
    document: input.document,
    organization: input.organization,
    sources: sources.map((s) => ({ n: s.n, title: s.title, url: s.url })),
    snippets: input.snippets,
    sections: input.currentOutputs,
    variables: input.variables,
    today: input.now.slice(0, 10),
    locale: input.config.render.language,
  });
}

/** Renders the sections asked for, each verified as soon as it is rendered; their model usage is added to the run's. */
async function renderStage(
  input: PipelineInput,
  ports: PipelinePorts,
  renderContext: Record<string, unknown>,
  { sources, facts }: { sources: NumberedSource[]; facts: StatedFact[] },
  usage: ModelUsage,
  decisions: readonly DecisionResult[],
) {
  const toRender = input.sections.filter((s) => input.renderSectionIds.has(s.id));
  const { rendered, unsupported, verifyUsage, failed } = await renderAndVerify(toRender, renderContext, ports, {
    concurrency: input.config.render.concurrency,
    sources: sources.map((s) => ({ n: s.n, title: s.title, text: s.text })),
    voice: input.voice,
    brief: input.config.brief,
    models: input.config.models,
    fieldDefinitions: input.fieldDefinitions ?? [],
    verify: {
      enabled: input.config.verify.enabled,
      judge: input.config.verify.judge,
      sources,
      facts,
      models: input.config.models,
      titles: new Map(input.sections.map((s) => [s.id, s.title])),
      decisions,
    },
  });
  for (const r of rendered) addUsage(usage, r.usage);
  addUsage(usage, verifyUsage);
  return { rendered, unsupported, failed };
}
