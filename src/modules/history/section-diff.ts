/**
 * Why one section's output differs between two generation snapshots, from what their
 * manifests record. With a derivation record on both sides (snapshots since issue #11) the
 * causes are the section's own inputs whose hashes differ (`attribution: 'section'`), listed
 * whether or not the change reached the output. Without one (older snapshots) the causes are
 * the manifest-wide differences that could have reached the section (`attribution:
 * 'document'`), listed only when its output changed.
 */
import type { SectionDerivation } from '../../pipeline/section-derivation.js';
import { sameValue } from '../../pipeline/inputs-hash.js';
import type { RenderSection } from '../../pipeline/stages/render.js';
import type { PinnedManifest } from './pinned-manifest.js';

export const CAUSE_KINDS = [
  'engine',
  'template',
  'fields',
  'gathered',
  'corrections',
  'computed',
  'synthesized_context',
  'sections',
  'library',
  'document',
  'variables',
  'date',
  'voice',
  'brief',
  'model',
  'prompt',
  'tool',
] as const;
export type CauseKind = (typeof CAUSE_KINDS)[number];

export interface DiffCause {
  kind: CauseKind;
  /** What changed within the kind: field names, gathered keys, definition attributes, … */
  keys: string[];
  detail: string;
}

/** One side of a compared section. */
export interface ComparedSide {
  manifest: PinnedManifest;
  definition: RenderSection | undefined;
  derivation: SectionDerivation | undefined;
  content: string;
}

const DETAIL: Record<CauseKind, string> = {
  engine: 'the pipeline engine version differs',
  template: 'the section definition (template, prompt, type or title) differs',
  fields: 'field values the section read differ',
  gathered: 'gathered data the section read differs',
  corrections: 'assessment values the section read differ (a review decision or correction changed their validated items)',
  computed: 'computed values the section read differ',
  synthesized_context: 'the synthesized context the section read differs',
  sections: 'outputs of other sections the section read differ',
  library: 'the bound library snippets differ',
  document: 'document or organization details the section read differ',
  variables: 'run variables the section read differ',
  date: 'the run date differs',
  voice: 'the voice differs',
  brief: 'the brief differs',
  model: 'the model differs',
  prompt: 'the prompt sent to the model differs',
  tool: 'the tool registration a gathered value came from differs',
};

class Causes {
  private readonly found = new Map<CauseKind, Set<string>>();
  private readonly details = new Map<CauseKind, string>();

  add(kind: CauseKind, key?: string, detail?: string): void {
    const keys = this.found.get(kind) ?? new Set<string>();
    if (key !== undefined) keys.add(key);
    this.found.set(kind, keys);
    if (detail) this.details.set(kind, detail);
  }

  get size(): number {
    return this.found.size;
  }

  list(): DiffCause[] {
    return CAUSE_KINDS.filter((kind) => this.found.has(kind)).map((kind) => ({
      kind,
      keys: [...(this.found.get(kind) ?? [])].sort(),
      detail: this.details.get(kind) ?? DETAIL[kind],
    }));
  }
}

/** Keys of two hash maps whose values differ (or that only one has), sorted. */
export function differingKeys(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => !sameValue(a[k] ?? null, b[k] ?? null)).sort();
}

function isAssessment(key: string, from: PinnedManifest, to: PinnedManifest): boolean {
  return [from, to].some((m) => (m.gathered ?? []).some((g) => g.outputKey === key && g.kind === 'assessment'));
}

/** Which validated items an assessment value was built from, on each side. */
function itemsDetail(key: string, from: PinnedManifest, to: PinnedManifest): string | undefined {
  const items = (m: PinnedManifest) => new Set(m.gathered?.find((g) => g.outputKey === key)?.source?.itemIds ?? []);
  const [a, b] = [items(from), items(to)];
  const added = [...b].filter((i) => !a.has(i));
  const removed = [...a].filter((i) => !b.has(i));
  if (added.length === 0 && removed.length === 0) return undefined;
  return `${DETAIL.corrections}; items added: ${added.join(', ') || 'none'}; items removed: ${removed.join(', ') || 'none'}`;
}

const READ_KINDS: Record<string, CauseKind> = {
  fields: 'fields',
  gathered: 'gathered',
  computed: 'computed',
  // A decision is a computed value (issue 31): its rules' outcome over the fields, computations and gathered data.
  decisions: 'computed',
  synthesized: 'synthesized_context',
  sections: 'sections',
  variables: 'variables',
  document: 'document',
  organization: 'document',
  sources: 'gathered',
  snippets: 'library',
  today: 'date',
};

/**
 * The cause a differing read path names: its namespace's kind, except that a gathered value
 * built from an assessment (on either side) is `corrections`.
 */
export function readCause(path: string, from: PinnedManifest, to: PinnedManifest): { kind: CauseKind; key: string } {
  const dot = path.indexOf('.');
  const root = dot < 0 ? path : path.slice(0, dot);
  const key = dot < 0 ? path : path.slice(dot + 1);
  const kind = READ_KINDS[root] ?? 'document';
  if (kind === 'gathered' && root === 'gathered' && isAssessment(key, from, to)) return { kind: 'corrections', key };
  return { kind, key };
}

function addRead(causes: Causes, path: string, from: PinnedManifest, to: PinnedManifest): void {
  const { kind, key } = readCause(path, from, to);
  if (kind === 'corrections') causes.add('corrections', key, itemsDetail(key, from, to));
  else causes.add(kind, key);
}

function definitionKeys(a: RenderSection | undefined, b: RenderSection | undefined): string[] {
  const pick = (s: RenderSection | undefined) => ({
    renderMode: s?.renderMode,
    outputType: s?.outputType,
    title: s?.title,
    outputTemplate: s?.outputTemplate,
    prompt: s?.prompt,
  });
  return differingKeys(pick(a), pick(b));
}

function sectionCauses(from: ComparedSide, to: ComparedSide, a: SectionDerivation, b: SectionDerivation): Causes {
  const causes = new Causes();
  for (const key of differingKeys(a.definition, b.definition)) causes.add('template', key);
  for (const path of differingKeys(a.reads, b.reads)) addRead(causes, path, from.manifest, to.manifest);
  if (a.model !== b.model) causes.add('model', 'model', `the model differs (${a.model ?? 'none'} → ${b.model ?? 'none'})`);
  if (a.modelChoiceHash !== b.modelChoiceHash) causes.add('model', 'modelChoice');
  if (a.promptHash !== b.promptHash) causes.add('prompt', 'prompt');
  if (a.voiceHash !== b.voiceHash) causes.add('voice');
  if (a.briefHash !== b.briefHash) causes.add('brief');
  if (causes.size === 0 && a.modelOutputHash !== b.modelOutputHash) causes.add('model', 'output', 'the model answered differently to the same inputs');
  return causes;
}

/** Manifest-wide differences that could have reached a section (older snapshots). */
function documentCauses(from: ComparedSide, to: ComparedSide, sectionId: string): Causes {
  const causes = new Causes();
  const [a, b] = [from.manifest, to.manifest];
  for (const key of definitionKeys(from.definition, to.definition)) causes.add('template', key);
  for (const key of differingKeys(a.fieldValues ?? {}, b.fieldValues ?? {})) causes.add('fields', key);
  const payloads = (m: PinnedManifest) => Object.fromEntries((m.gathered ?? []).map((g) => [g.outputKey, g.payloadHash ?? null]));
  for (const key of differingKeys(payloads(a), payloads(b))) addRead(causes, `gathered.${key}`, a, b);
  for (const key of differingKeys(a.computed ?? {}, b.computed ?? {})) causes.add('computed', key);
  for (const key of differingKeys(a.synthesizedContext ?? {}, b.synthesizedContext ?? {})) causes.add('synthesized_context', key);
  const context = (m: PinnedManifest) => m.renderContext ?? {};
  if (!sameValue(context(a).snippets ?? null, context(b).snippets ?? null)) causes.add('library');
  if (context(a).today !== context(b).today) causes.add('date');
  for (const key of differingKeys((context(a).variables ?? {}) as Record<string, unknown>, (context(b).variables ?? {}) as Record<string, unknown>))
    causes.add('variables', key);
  if ((to.definition ?? from.definition)?.renderMode !== 'templated') {
    if ((a.models?.sections?.[sectionId] ?? null) !== (b.models?.sections?.[sectionId] ?? null)) causes.add('model', 'model');
    if ((a.prompts?.sections?.[sectionId] ?? null) !== (b.prompts?.sections?.[sectionId] ?? null)) causes.add('prompt', 'prompt');
    if (!sameValue(a.voice ?? null, b.voice ?? null)) causes.add('voice');
    if (!sameValue(a.brief ?? null, b.brief ?? null)) causes.add('brief');
  }
  return causes;
}

/** Whether the output changed, and the causes the manifests support. */
export function compareSection(
  sectionId: string,
  from: ComparedSide,
  to: ComparedSide,
): { changed: boolean; attribution: 'section' | 'document'; causes: DiffCause[] } {
  const changed = from.content !== to.content;
  const engine = (from.manifest.engineVersion ?? null) !== (to.manifest.engineVersion ?? null);
  if (from.derivation && to.derivation) {
    const causes = sectionCauses(from, to, from.derivation, to.derivation);
    if (engine) causes.add('engine', undefined, `${DETAIL.engine} (${from.manifest.engineVersion ?? 'unknown'} → ${to.manifest.engineVersion ?? 'unknown'})`);
    return { changed, attribution: 'section', causes: causes.list() };
  }
  if (!changed) return { changed, attribution: 'document', causes: [] };
  const causes = documentCauses(from, to, sectionId);
  if (engine) causes.add('engine');
  return { changed, attribution: 'document', causes: causes.list() };
}
