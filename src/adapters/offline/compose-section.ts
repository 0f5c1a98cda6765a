/**
 * Offline section composer: the deterministic stand-in for a language model when
 * `LLM_PROVIDER=offline`. Extractive only — it quotes source sentences verbatim, cites each with
 * `[n]`, and weaves in context values; it never invents facts.
 */
import { CITATION_MARKER, splitSentences } from '../../pipeline/verify/sentences.js';
import { selectSentences, type ComposeSource, type PickedSentence } from './select-sentences.js';
import { contentTokens, flattenContext, type ContextEntry } from './text.js';

export type { ComposeSource } from './select-sentences.js';

/** The output formats a section may ask for. */
export type SectionOutputType = 'string' | 'markdown' | 'json' | 'list' | 'table';

/** A writing voice (rubric and samples). */
export interface ComposeVoice {
  /** Voice name. */
  name: string;
  /** Free-text rubric, e.g. "Concise, bullet points, formal". */
  description: string | null;
  /** Example texts written in the voice. */
  samples: string[];
}

/** Input of {@link composeSection}. */
export interface ComposeSectionInput {
  /** Section title; its terms drive relevance. */
  title: string;
  /** The section prompt; its terms drive relevance. */
  prompt: string | null;
  /** Requested output format. */
  outputType: SectionOutputType;
  /** Fields, computed and synthesized values (flat or nested). */
  context: Record<string, unknown>;
  /** Numbered sources to quote and cite. */
  sources: ComposeSource[];
  /** Optional voice; honoured lightly (length, bullets). */
  voice?: ComposeVoice | null;
}

/** Output of {@link composeSection}. */
export interface ComposeSectionOutput {
  /** The section body (Markdown, or a JSON string for `json`). */
  content: string;
  /** Source numbers actually cited in `content`, ascending. */
  citations: number[];
}

/** Layout decisions derived from the output type and the voice. */
interface Plan {
  maxSentences: number;
  maxFacts: number;
  bullets: boolean;
  preferredWords: number | null;
}

/** Decide how much to write and in which shape. */
function plan(outputType: SectionOutputType, voice: ComposeVoice | null | undefined): Plan {
  const rubric = (voice?.description ?? '').toLowerCase();
  let maxSentences = outputType === 'list' ? 6 : outputType === 'json' ? 5 : 4;
  if (/\b(concise|brief|short|terse|succinct)\b/.test(rubric)) maxSentences = Math.min(maxSentences, 3);
  if (/\b(detailed|thorough|comprehensive|in-depth|extensive)\b/.test(rubric)) maxSentences += 3;
  let preferredWords: number | null = null;
  const samples = (voice?.samples ?? []).filter((s) => s.trim() !== '');
  if (samples.length > 0) {
    const counts = samples.map((s) => splitSentences(s));
    const sentences = counts.reduce((a, c) => a + c.length, 0);
    const words = counts.flat().reduce((a, s) => a + s.split(/\s+/).length, 0);
    maxSentences = Math.min(maxSentences, Math.max(2, Math.round(sentences / samples.length)));
    preferredWords = sentences === 0 ? null : Math.max(6, Math.round(words / sentences));
  }
  const bullets = outputType === 'list' || (outputType === 'markdown' && /\bbullet/.test(rubric));
  return { maxSentences, maxFacts: outputType === 'table' ? 12 : 8, bullets, preferredWords };
}

/** Query term weights: title terms 1.5, prompt terms 1, short context values 0.3. */
function buildQuery(title: string, prompt: string | null, facts: ContextEntry[]): Map<string, number> {
  const q = new Map<string, number>();
  const add = (text: string, w: number): void => {
    for (const t of contentTokens(text)) q.set(t, Math.max(q.get(t) ?? 0, w));
  };
  for (const f of facts) if (f.text.length <= 80) add(f.text, 0.3);
  add(prompt ?? '', 1);
  add(title, 1.5);
  return q;
}

/** Context entries worth mentioning: those sharing a term with title + prompt, else (without sources) all. */
function pickFacts(entries: ContextEntry[], title: string, prompt: string | null, hasSources: boolean, p: Plan, table: boolean): ContextEntry[] {
  const terms = new Set(contentTokens(`${title} ${prompt ?? ''}`));
  const relevant = entries.filter((e) => contentTokens(`${e.label} ${e.text}`).some((t) => terms.has(t)));
  if (relevant.length > 0) return relevant.slice(0, p.maxFacts);
  if (!hasSources) return entries.slice(0, p.maxFacts);
  return table ? entries.slice(0, 5) : [];
}

/** Clean a context value for output: no citation markers, bounded length. */
function factText(text: string): string {
  const clean = text.replace(CITATION_MARKER, '').replace(/\s+/g, ' ').trim();
  if (clean.length <= 240) return clean;
  const cut = clean.slice(0, 240);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 200))}…`;
}

const withStop = (s: string): string => (/[.!?…]["'”’)]*$/.test(s) ? s : `${s}.`);
const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
const cite = (p: PickedSentence): string => `${p.text} [${p.n}]`;

const NOTHING = 'No source material or context values were available for this section.';

/** Render prose: a facts paragraph, then one paragraph per source. */
function renderProse(facts: ContextEntry[], picked: PickedSentence[]): string {
  const paragraphs: string[] = [];
  if (facts.length > 0) paragraphs.push(facts.map((f) => withStop(`${factText(f.label)}: ${factText(f.text)}`)).join(' '));
  let current: string[] = [];
  let n: number | null = null;
  for (const p of picked) {
    if (n !== null && p.n !== n) {
      paragraphs.push(current.join(' '));
      current = [];
    }
    n = p.n;
    current.push(`${withStop(p.text)} [${p.n}]`);
  }
  if (current.length > 0) paragraphs.push(current.join(' '));
  return paragraphs.length > 0 ? paragraphs.join('\n\n') : NOTHING;
}

/** Render a bullet list. */
function renderList(facts: ContextEntry[], picked: PickedSentence[]): string {
  const lines = [...facts.map((f) => `- ${factText(f.label)}: ${factText(f.text)}`), ...picked.map((p) => `- ${cite(p)}`)];
  return lines.length > 0 ? lines.join('\n') : `- ${NOTHING}`;
}

/** Render a two-column GFM table. */
function renderTable(facts: ContextEntry[], picked: PickedSentence[]): string {
  const rows = [
    ...facts.map((f) => `| ${cell(factText(f.label))} | ${cell(factText(f.text))} |`),
    ...picked.map((p) => `| Finding | ${cell(cite(p))} |`),
  ];
  if (rows.length === 0) rows.push(`| Note | ${NOTHING} |`);
  return ['| Item | Detail |', '| --- | --- |', ...rows].join('\n');
}

/** Render a JSON object string: `{ facts, points }`. */
function renderJson(facts: ContextEntry[], picked: PickedSentence[]): string {
  const factObject: Record<string, unknown> = {};
  for (const f of facts) factObject[factText(f.path)] = typeof f.value === 'string' ? factText(f.value) : f.value;
  const points = picked.map((p) => ({ text: cite(p), source: p.n }));
  const body: Record<string, unknown> = { facts: factObject, points };
  if (facts.length === 0 && picked.length === 0) body.note = NOTHING;
  return JSON.stringify(body, null, 2);
}

/**
 * Compose one section without a language model. Picks the source sentences most relevant to the
 * title and prompt, quotes them verbatim with `[n]` right after each, adds relevant context values
 * ("Client name: Acme GmbH") and shapes the result for `outputType`. With no sources it writes from
 * the context only, with no citation markers. Pure and deterministic.
 */
export function composeSection(input: ComposeSectionInput): ComposeSectionOutput {
  const p = plan(input.outputType, input.voice);
  const entries = flattenContext(input.context);
  const hasSources = input.sources.some((s) => s.text.trim() !== '');
  const table = input.outputType === 'table';
  let facts = pickFacts(entries, input.title, input.prompt, hasSources, p, table);
  const picked = hasSources
    ? selectSentences(input.sources, buildQuery(input.title, input.prompt, facts), { max: p.maxSentences, preferredWords: p.preferredWords })
    : [];
  if (picked.length === 0 && hasSources) facts = pickFacts(entries, input.title, input.prompt, false, p, table);
  let content: string;
  if (input.outputType === 'json') content = renderJson(facts, picked);
  else if (input.outputType === 'table') content = renderTable(facts, picked);
  else if (p.bullets) content = renderList(facts, picked);
  else content = renderProse(facts, picked);
  const citations = [...new Set(picked.map((s) => s.n))].sort((a, b) => a - b);
  return { content, citations };
}
