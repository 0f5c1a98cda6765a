/**
 * The "section output" part of a run's derivation record: for each rendered section, content
 * hashes of what its output was derived from — its definition, each context value it read, and
 * for a synthesized section the model, the prompt sent, the voice, the brief and the model's
 * answer. Two generation snapshots are compared through these records (the diff names why a
 * section changed); hashes only, so the record stays small and never copies a value twice.
 *
 * Read paths are `<namespace>.<key>`: `fields.client`, `gathered.report`, `computed.total`, `decisions.recommendation`,
 * `synthesized.summary`, `sections.intro`, `variables.tone`, `document.title`,
 * `organization.name`, `snippets.<key>` (a bound snippet with its items' content and entities),
 * or a whole value: `sources`, `today`. A top-level name
 * (`{{ client }}`) resolves as the render context does: a gathered value wins over a field.
 */
import type { TemplateCheck } from '../templating/index.js';
import { hashOf } from './inputs-hash.js';
import type { ModelChoice, NumberedSourceInput, VoiceInput } from './ports.js';
import type { RenderSection, RenderedSection } from './stages/render.js';

export interface SectionDerivation {
  key: string;
  title: string;
  renderMode: string;
  /** Hash per definition attribute: renderMode, outputType, title, outputTemplate, prompt. */
  definition: Record<string, string>;
  /** Read path → hash of the value read (absent values hash as null). */
  reads: Record<string, string>;
  /** Synthesized sections only (null otherwise). */
  model: string | null;
  modelChoiceHash: string | null;
  /** Hash of the full prompt sent to the model (voice, context and sources included). */
  promptHash: string | null;
  voiceHash: string | null;
  briefHash: string | null;
  modelOutputHash: string | null;
  outputHash: string;
}

/** A template's check from the tenant-code pool (tenant-code/stored-template-checks.ts): what it reads. */
export type TemplateCheckOf = (template: string) => TemplateCheck;

/** The text a section's reads are learnt from (its prompt or output template): check it, then ask sectionReads. */
export function sectionTemplate(section: Pick<RenderSection, 'renderMode' | 'prompt' | 'outputTemplate'>): string {
  return (section.renderMode !== 'templated' ? section.prompt : section.outputTemplate) ?? '';
}

export interface DerivationOptions {
  /** Checks of the sections' templates (sectionTemplate). */
  templateCheckOf: TemplateCheckOf;
  sources: NumberedSourceInput[];
  voice: VoiceInput | null;
  brief: Record<string, unknown>;
  models: ModelChoice;
}

/** Namespaces of the render context read key by key; `synthesis` is an alias of `synthesized`. */
const KEYED = new Set(['fields', 'gathered', 'computed', 'decisions', 'synthesized', 'synthesis', 'sections', 'variables', 'document', 'organization']);
/** What a synthesized section's model sees of the context (render.ts `contextForModel`). */
const MODEL_CONTEXT = ['document', 'fields', 'gathered', 'computed', 'decisions', 'synthesized', 'variables'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

class Reads {
  readonly hashes: Record<string, string> = {};
  constructor(
    private readonly context: Record<string, unknown>,
    private readonly hash: (value: unknown) => string,
  ) {}

  private add(path: string, value: unknown): void {
    this.hashes[path] = this.hash(value ?? null);
  }

  /** Every key of a namespace, one by one (so a diff can name the key that changed). */
  namespace(name: string): void {
    const canonical = name === 'synthesis' ? 'synthesized' : name;
    const value = this.context[canonical];
    if (isRecord(value)) for (const [key, item] of Object.entries(value)) this.add(`${canonical}.${key}`, item);
    else this.add(canonical, value);
  }

  /** The bound snippets one by one (`snippets.<key>`), so a staleness view names the snippet whose text, risk block or entity changed. */
  private snippets(): void {
    const value = this.context.snippets;
    const keyed = Array.isArray(value) && value.every((s) => isRecord(s) && typeof s.key === 'string');
    if (!keyed) return this.add('snippets', value);
    for (const snippet of value as Array<Record<string, unknown>>) this.add(`snippets.${String(snippet.key)}`, snippet);
  }

  /** One read path of a template (`client`, `fields.year`, `computed`, `sources`). */
  path(read: string): void {
    const dot = read.indexOf('.');
    const root = dot < 0 ? read : read.slice(0, dot);
    const key = dot < 0 ? null : read.slice(dot + 1);
    if (KEYED.has(root)) {
      const canonical = root === 'synthesis' ? 'synthesized' : root;
      const space = this.context[canonical];
      // A key the namespace does not hold (a method such as `.items()`) reads the whole of it.
      if (key !== null && isRecord(space) && Object.hasOwn(space, key)) this.add(`${canonical}.${key}`, space[key]);
      else this.namespace(canonical);
    } else if (root === 'today' || root === 'now') {
      this.add('today', this.context.today);
    } else if (root === 'snippets') {
      this.snippets();
    } else if (root === 'sources') {
      this.add(root, this.context[root]);
    } else {
      const gathered = this.context.gathered;
      const fromGathered = isRecord(gathered) && Object.hasOwn(gathered, root);
      this.add(`${fromGathered ? 'gathered' : 'fields'}.${root}`, this.context[root]);
    }
  }
}

/** What a template reads when its check could not tell (it does not parse, or cost too much to check): all it could. */
const EVERY_READ = [...[...KEYED].filter((name) => name !== 'synthesis'), 'today', 'snippets', 'sources'];

/**
 * Read path → hash of the value read, for `section` over `context` (sorted by path). A synthesized
 * section reads every namespace its model sees and the numbered sources (`sources`). `checkOf`
 * answers for sectionTemplate(section). `hash`: a caller checking many sections against one
 * context it does not change passes `hashOncePerValue()`.
 */
export function sectionReads(
  section: RenderSection,
  context: Record<string, unknown>,
  sources: NumberedSourceInput[],
  checkOf: TemplateCheckOf,
  hash: (value: unknown) => string = hashOf,
): Record<string, string> {
  const reads = new Reads(context, hash);
  const synthesized = section.renderMode !== 'templated';
  const check = checkOf(sectionTemplate(section));
  for (const read of check.problem === null ? check.reads : EVERY_READ) reads.path(read);
  if (synthesized) {
    for (const name of MODEL_CONTEXT) reads.namespace(name);
    reads.hashes.sources = hash(sources);
  }
  return Object.fromEntries(Object.entries(reads.hashes).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Hash per definition attribute of a section: renderMode, outputType, title, outputTemplate, prompt (`hash` as for `sectionReads`). */
export function definitionHashes(section: RenderSection, hash: (value: unknown) => string = hashOf): Record<string, string> {
  return {
    renderMode: hash(section.renderMode),
    outputType: hash(section.outputType),
    title: hash(section.title),
    outputTemplate: hash(section.outputTemplate),
    prompt: hash(section.prompt),
  };
}

/** The derivation record of one rendered section. */
export function sectionDerivation(
  section: RenderSection,
  context: Record<string, unknown>,
  rendered: RenderedSection,
  options: DerivationOptions,
): SectionDerivation {
  const synthesized = section.renderMode !== 'templated';
  return {
    key: section.key,
    title: section.title,
    renderMode: section.renderMode,
    definition: definitionHashes(section),
    reads: sectionReads(section, context, options.sources, options.templateCheckOf),
    model: synthesized ? rendered.model : null,
    modelChoiceHash: synthesized ? hashOf(options.models) : null,
    promptHash: synthesized ? hashOf(rendered.prompt) : null,
    voiceHash: synthesized ? hashOf(options.voice) : null,
    briefHash: synthesized ? hashOf(options.brief) : null,
    modelOutputHash: synthesized ? hashOf(rendered.modelOutput) : null,
    outputHash: hashOf(rendered.content),
  };
}
