/**
 * Offline section composer: the deterministic stand-in for a language model when
 * `LLM_PROVIDER=offline`. It writes by the section's intent (summary, findings, recommendation,
 * conclusion — read from the title and prompt): field values become sentences under their
 * labels, findings hold them against what the sources require, recommendations turn gaps into
 * actions, and every cited sentence keeps to its source's words with `[n]` after it. It never
 * invents facts: what it states comes from the fields and the sources.
 */
import { CITATION_MARKER, splitSentences } from '../../pipeline/verify/sentences.js';
import { type Block, type DecisionFactInput, composeProse, relevantTo } from './compose-prose.js';
import { type FieldFact, type StatedFact, labelPhrase, principalParty, stateFact, valueWords } from './field-facts.js';
import { sourceSentences } from './requirements.js';
import { type SectionIntent, sectionIntent } from './section-intent.js';
import { selectSentences, type ComposeSource, type PickedSentence } from './select-sentences.js';
import { contentTokens, flattenContext, type ContextEntry } from './text.js';

export type { ComposeSource } from './select-sentences.js';
export type { FieldFact } from './field-facts.js';

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
  /** Values to state when no field definitions are given (flat or nested; keys are humanized). */
  context: Record<string, unknown>;
  /**
   * The document's fields with their definitions (label, type, options) and values: stated
   * under their labels with option labels, booleans as statements. When given, `context` is
   * not stated.
   */
  fields?: FieldFact[] | null;
  /** Numbered sources to quote and cite. */
  sources: ComposeSource[];
  /** Optional voice; honoured lightly (length, bullets). */
  voice?: ComposeVoice | null;
  /** The intent to write for; absent: read from the title and prompt. */
  intent?: SectionIntent;
  /** The run's computed decisions (`decisions.<key>` of the context): a recommendation states them instead of reaching its own. */
  decisions?: Record<string, DecisionFactInput>;
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

/** Field facts from the definitions when given, else from the context's scalar values. */
function factsOf(input: ComposeSectionInput): FieldFact[] {
  if (input.fields) return input.fields;
  return flattenContext(input.context).map((e: ContextEntry) => ({
    key: e.path,
    label: e.label,
    valueType: typeof e.value === 'boolean' ? 'boolean' : typeof e.value === 'number' ? 'number' : 'string',
    options: null,
    value: typeof e.value === 'boolean' ? String(e.value) : factText(e.text),
  }));
}

/** Statements worth making: those sharing a term with title + prompt, else (without sources, or in a summary) all. */
function pickStatements(stated: StatedFact[], input: ComposeSectionInput, hasSources: boolean, p: Plan, wide: boolean): StatedFact[] {
  const filled = stated.filter((s) => s.statement !== null);
  const relevant = filled.filter((s) => relevantTo(s, input.title, input.prompt));
  if (relevant.length > 0 && !wide) return relevant.slice(0, p.maxFacts);
  if (!hasSources || wide) return filled.slice(0, p.maxFacts);
  return input.outputType === 'table' ? filled.slice(0, 5) : [];
}

/** Clean a context value for output: no citation markers, bounded length. */
function factText(text: string): string {
  const clean = text.replace(CITATION_MARKER, '').replace(/\s+/g, ' ').trim();
  if (clean.length <= 240) return clean;
  const cut = clean.slice(0, 240);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 200))}…`;
}

const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
const cite = (p: PickedSentence): string => `${p.text} [${p.n}]`;
const upperFirst = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

const NOTHING = 'No source material or context values were available for this section.';

/** Paragraphs, one per block. */
function renderParagraphs(blocks: Block[]): string {
  return blocks.length > 0 ? blocks.map((b) => b.text).join('\n\n') : NOTHING;
}

/** A bullet list: an argument (a statement with its cited reason) stays one item; statements and quotes get one item each. */
function renderList(blocks: Block[]): string {
  const items = blocks.flatMap((b) => (b.kind === 'argument' ? [b.text] : splitSentences(b.text)));
  return items.length > 0 ? items.map((i) => `- ${i}`).join('\n') : `- ${NOTHING}`;
}

/** The value of a field in a table cell: yes/no for booleans, option labels, units. */
function cellValue(s: StatedFact): string {
  if (s.flag !== null) return s.flag ? 'Yes' : 'No';
  return factText(valueWords(s.fact));
}

/** Render a two-column GFM table. */
function renderTable(facts: StatedFact[], picked: PickedSentence[]): string {
  const rows = [
    ...facts.map((f) => `| ${cell(upperFirst(labelPhrase(f.fact)))} | ${cell(cellValue(f))} |`),
    ...picked.map((p) => `| Finding | ${cell(cite(p))} |`),
  ];
  if (rows.length === 0) rows.push(`| Note | ${NOTHING} |`);
  return ['| Item | Detail |', '| --- | --- |', ...rows].join('\n');
}

/** Render a JSON object string: `{ facts, points }`. */
function renderJson(facts: StatedFact[], picked: PickedSentence[]): string {
  const factObject: Record<string, unknown> = {};
  for (const f of facts) factObject[f.fact.key] = f.flag ?? cellValue(f);
  const points = picked.map((p) => ({ text: cite(p), source: p.n }));
  const body: Record<string, unknown> = { facts: factObject, points };
  if (facts.length === 0 && picked.length === 0) body.note = NOTHING;
  return JSON.stringify(body, null, 2);
}

/**
 * Compose one section without a language model. Reads the section's intent from its title and
 * prompt, states the relevant field values as sentences, and — by intent — quotes the most
 * relevant source sentences (summary, description, conclusion), holds the values against the
 * sources' requirements (findings) or turns gaps and listed measures into actions
 * (recommendation), citing each source sentence with `[n]`. Tables and JSON list the values
 * and quoted points. With no sources it writes from the values only, with no markers. Pure and
 * deterministic.
 */
export function composeSection(input: ComposeSectionInput): ComposeSectionOutput {
  const p = plan(input.outputType, input.voice);
  const facts = factsOf(input);
  const party = principalParty(facts);
  const stated = facts.map((f) => stateFact(f, party));
  const hasSources = input.sources.some((s) => s.text.trim() !== '');
  const intent = input.intent ?? sectionIntent(input.title, input.prompt);
  let chosen = pickStatements(stated, input, hasSources, p, intent === 'summary');
  // The query weighs only values the title or prompt speak of, even when a summary states them all.
  const entries = pickStatements(stated, input, hasSources, p, false).map((s) => ({
    path: s.fact.key,
    label: s.phrase,
    value: s.fact.value,
    text: valueWords(s.fact),
  }));
  const picked = hasSources
    ? selectSentences(input.sources, buildQuery(input.title, input.prompt, entries), { max: p.maxSentences, preferredWords: p.preferredWords })
    : [];
  if (picked.length === 0 && hasSources) chosen = pickStatements(stated, input, false, p, intent === 'summary');
  let content: string;
  if (input.outputType === 'json') content = renderJson(chosen, picked);
  else if (input.outputType === 'table') content = renderTable(chosen, picked);
  else {
    const blocks = composeProse({
      intent,
      title: input.title,
      prompt: input.prompt,
      stated,
      relevant: chosen,
      party,
      sentences: hasSources ? sourceSentences(input.sources) : [],
      picked,
      maxSentences: p.maxSentences,
      decisions: input.decisions ?? {},
    });
    content = p.bullets ? renderList(blocks) : renderParagraphs(blocks);
  }
  const citations = [...new Set([...content.matchAll(CITATION_MARKER)].flatMap((m) => m[1].split(/\s*[,;]\s*/).map(Number)))].sort((a, b) => a - b);
  return { content, citations };
}
