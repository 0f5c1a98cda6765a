/**
 * The render stage. A templated section is the sandboxed Jinja template over the render
 * context, rendered in a tenant-code worker (never on the main thread) — pure and
 * deterministic, which is what lets a generation snapshot reproduce it byte for byte. A synthesized section is written by the model port from its prompt, the
 * voice, the context and the numbered sources.
 */
import { collapseDoubledFullStops } from '../../kernel/typography.js';
import { renderTemplates, renderTemplatesEach } from '../../tenant-code/tenant-code-pool.js';
import type { EmitEvent, FailedSection } from '../events.js';
import { type Limiter, createLimiter } from '../limiter.js';
import type { FieldDefinitionInput, ModelChoice, ModelGateway, ModelUsage, NumberedSourceInput, VoiceInput } from '../ports.js';

export interface RenderSection {
  id: string;
  key: string;
  title: string;
  renderMode: string;
  outputType: string;
  prompt: string | null;
  outputTemplate: string | null;
}

export interface RenderContextInput {
  fields: Record<string, string>;
  gathered: Record<string, unknown>;
  computed: Record<string, unknown>;
  /** What the template's decisions concluded (stages/decide.ts), as facts. */
  decisions?: Record<string, unknown>;
  synthesized: Record<string, unknown> | null;
  document: { id: string; title: string; description: string | null; state: string };
  organization: { slug: string; name: string };
  sources: Array<{ n: number; title: string; url: string | null }>;
  snippets: Array<Record<string, unknown>>;
  sections: Record<string, string | null>;
  variables: Record<string, unknown>;
  /** The run's pinned date (YYYY-MM-DD), so a reproduce renders the same day. */
  today: string;
  /** The document's render language (BCP-47): the default locale of `date("long")` and other locale-aware filters. */
  locale?: string;
}

/**
 * The context every template sees: fields and gathered values at the top level (gathered
 * wins over a field of the same key, computed values are under `computed`), plus namespaces.
 */
export function buildRenderContext(input: RenderContextInput): Record<string, unknown> {
  return {
    ...input.fields,
    ...input.gathered,
    fields: input.fields,
    gathered: input.gathered,
    computed: input.computed,
    decisions: input.decisions ?? {},
    synthesized: input.synthesized ?? {},
    synthesis: input.synthesized ?? {},
    document: input.document,
    organization: input.organization,
    sources: input.sources,
    snippets: input.snippets,
    sections: input.sections,
    variables: input.variables,
    today: input.today,
    now: input.today,
    ...(input.locale ? { locale: input.locale } : {}),
  };
}

export interface RenderedSection {
  sectionId: string;
  content: string;
  /** Template variables that rendered as a visible `[[missing: …]]` marker. */
  missing: string[];
  model: string | null;
  prompt: string | null;
  /**
   * A synthesized section: the model port's answer exactly as it came back, before the render
   * stage made it the section's output. Pinned in the manifest, so a reproduce replays it
   * through the same step ({@link synthesizedSectionOf}) without calling the model.
   */
  modelOutput: string | null;
  usage: ModelUsage;
}

/** A rendered template as the render stage uses it (the templating module's result). */
type TemplateOutcome = Awaited<ReturnType<typeof renderTemplates>>[number];

function templatedSectionOf(section: RenderSection, result: TemplateOutcome): RenderedSection {
  if (result.error) throw new Error(`section "${section.title}": ${result.error}`);
  // A value ending with a full stop and the template's own period after it ("resets." + ".")
  // would print "resets..": the section text keeps one, as a reader expects.
  const content = collapseDoubledFullStops(result.output);
  return {
    sectionId: section.id,
    content,
    missing: result.undefinedVariables,
    model: null,
    prompt: null,
    modelOutput: null,
    usage: { inputTokens: 0, outputTokens: 0 },
  };
}

function sectionPromptOf(section: RenderSection, result: TemplateOutcome | null): { output: string; missing: string[] } | null {
  if (result?.error) throw new Error(`section "${section.title}" prompt: ${result.error}`);
  return result ? { output: result.output, missing: result.undefinedVariables } : null;
}

/**
 * Renders, in tenant-code workers, the templates of the given sections: the output template
 * of each templated one and the prompt of each synthesized one. One call for all, so a run's
 * templates travel in a few worker messages with one copy of the context each; each section's
 * result settles with its own batch, so the first sections go on (their events, their model
 * calls) while later batches still render.
 */
function renderSectionTemplates(sections: readonly RenderSection[], context: Record<string, unknown>): Map<string, Promise<TemplateOutcome>> {
  const jobs = sections.flatMap((section) => {
    if (section.renderMode === 'templated') return [{ section, source: section.outputTemplate ?? '', what: `the template of section "${section.title}"` }];
    return section.prompt ? [{ section, source: section.prompt, what: `the prompt of section "${section.title}"` }] : [];
  });
  const results = renderTemplatesEach(
    jobs.map((job) => job.source),
    context,
    (index) => jobs[index]?.what ?? 'a template',
  );
  // Awaited where used; a section that is never started (the run failed first) must not leave
  // its failure as an unhandled rejection.
  for (const result of results) result.catch(() => undefined);
  return new Map(jobs.map((job, index) => [job.section.id, results[index]]));
}

/** A templated section: pure. A template error is an error of the run, with the section named. */
export async function renderTemplatedSection(section: RenderSection, context: Record<string, unknown>): Promise<RenderedSection> {
  const [result] = await renderTemplates([section.outputTemplate ?? ''], context, () => `the template of section "${section.title}"`);
  return templatedSectionOf(section, result);
}

/** A synthesized section's prompt template over the context (null without a prompt). */
export async function renderSectionPrompt(section: RenderSection, context: Record<string, unknown>): Promise<{ output: string; missing: string[] } | null> {
  if (!section.prompt) return null;
  const [result] = await renderTemplates([section.prompt], context, () => `the prompt of section "${section.title}"`);
  return sectionPromptOf(section, result);
}

/**
 * A synthesized section from the model's answer: the one step both a live write and a replay
 * of a pinned answer go through, so whatever it does to the answer (today: nothing — the `[n]`
 * citation markers stay as the model wrote them, numbered by the run's sources) a replay does
 * the same.
 */
export function synthesizedSectionOf(
  section: RenderSection,
  answer: { output: string; model: string | null; prompt: string | null; usage: ModelUsage },
  prompt: { missing: string[] } | null,
): RenderedSection {
  return {
    sectionId: section.id,
    content: answer.output,
    missing: prompt?.missing ?? [],
    model: answer.model,
    prompt: answer.prompt,
    modelOutput: answer.output,
    usage: answer.usage,
  };
}

export interface RenderOptions {
  concurrency: number;
  /** The limit the sections' model calls share with other work (the verify stage's); default: its own of `concurrency`. */
  slots?: Limiter;
  /** Called with each section as soon as it is rendered (the pipeline starts its verification). */
  onRendered?: (section: RenderedSection) => void;
  sources: NumberedSourceInput[];
  voice: VoiceInput | null;
  brief: Record<string, unknown>;
  models: ModelChoice;
  /** Field labels, types and options, so a writer states values in words (absent: keys only). */
  fieldDefinitions?: FieldDefinitionInput[];
  /**
   * Called for a synthesized section whose writer failed (an answer still unusable after the
   * gateway's repair and retries, a failed call): that section fails and the others go on. Absent:
   * the first failure fails the whole render (a reproduce, which must give every section).
   */
  onSectionFailed?: (failure: FailedSection) => void;
}

/** The writer's answer, or null when the section failed alone (the failure recorded; the run reports it when it finishes). */
async function writeAlone<T>(section: RenderSection, write: () => Promise<T>, failures: FailedSection[]): Promise<T | null> {
  try {
    return await write();
  } catch (error) {
    failures.push({ sectionId: section.id, title: section.title, error: error instanceof Error ? error.message : String(error) });
    return null;
  }
}

/** Renders the given sections (bounded concurrency), in document order in the result. */
export async function renderSections(
  sections: readonly RenderSection[],
  context: Record<string, unknown>,
  ports: { emit: EmitEvent; model: ModelGateway },
  options: RenderOptions,
): Promise<RenderedSection[]> {
  const results = new Map<string, RenderedSection>();
  const failures: FailedSection[] = [];
  const templates = renderSectionTemplates(sections, context);
  const writeOrFail = <T>(section: RenderSection, write: () => Promise<T>) => (options.onSectionFailed ? writeAlone(section, write, failures) : write());
  const renderOne = async (section: RenderSection) => {
    await ports.emit({ event: 'render_started', sectionId: section.id });
    const template = templates.get(section.id);
    if (section.renderMode === 'templated') {
      results.set(section.id, templatedSectionOf(section, (await template) ?? { output: '', undefinedVariables: [] }));
      return;
    }
    const prompt = sectionPromptOf(section, (await template) ?? null);
    const answer = await writeOrFail(section, () =>
      ports.model.writeSection({
        title: section.title,
        prompt: prompt ? prompt.output : null,
        outputType: section.outputType as 'string',
        context: contextForModel(context),
        sources: options.sources,
        voice: options.voice,
        brief: options.brief,
        models: options.models,
        fieldDefinitions: options.fieldDefinitions ?? [],
      }),
    );
    if (answer === null) return;
    results.set(
      section.id,
      synthesizedSectionOf(section, { output: answer.value.content, model: answer.model, prompt: answer.prompt, usage: answer.usage }, prompt),
    );
  };
  const slots = options.slots ?? createLimiter(options.concurrency);
  // After one section fails the run fails: the sections still waiting for a slot are not started.
  let failed = false;
  await Promise.all(
    sections.map((section) =>
      slots.run(async () => {
        if (failed) return;
        await renderOne(section).catch((error: unknown) => {
          failed = true;
          throw error;
        });
        const rendered = results.get(section.id);
        if (rendered) options.onRendered?.(rendered);
      }),
    ),
  );
  // Every section the model was to write failed: that is the model failing, not one answer (a
  // provider down, a key revoked), and the run fails with the first reason as before.
  const written = sections.filter((s) => s.renderMode !== 'templated');
  if (failures.length > 0 && failures.length === written.length) throw new Error(failures[0].error);
  for (const failure of failures) options.onSectionFailed?.(failure);
  return sections.map((s) => results.get(s.id)).filter((r): r is RenderedSection => r !== undefined);
}

/** What a model sees of the context: the values, without the namespaces that duplicate them. */
export function contextForModel(context: Record<string, unknown>): Record<string, unknown> {
  const { fields, computed, decisions, synthesized, document, variables } = context as Record<string, unknown>;
  return { document, fields, gathered: context.gathered, computed, decisions, synthesized, variables };
}
