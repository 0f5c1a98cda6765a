/**
 * The prompt of a synthesized section. This is where Quire's output earns trust: the model may
 * use only the numbered sources and the context, must mark every sourced sentence with `[n]`,
 * may not invent source numbers, and must say "not known" rather than guess. The verify stage
 * then checks each marked sentence against its source.
 */
import type { VoiceInput, WriteSectionInput } from '../../../pipeline/ports.js';
import type { PromptPair } from '../model-caller.js';
import { bulletLines, clip, jsonBlock } from './prompt-parts.js';

const MAX_SAMPLES = 3;
const MAX_SAMPLE_CHARS = 1500;

/** How the answer must be shaped, per output type. */
export const FORMAT_RULES: Record<WriteSectionInput['outputType'], string> = {
  markdown:
    'GitHub-flavoured Markdown: paragraphs, with lists or sub-headings (### or lower) only where they help the reader. Do not repeat the section title as a heading.',
  list: 'A Markdown bullet list and nothing else: one item per line, each starting with "- ", each item one or two sentences carrying its own citation markers.',
  table:
    'One GitHub-flavoured Markdown table: a header row, a separator row (| --- | --- |), then one row per item. Put each citation marker inside the cell it supports. At most one short sentence before the table, nothing after it.',
  json: 'One JSON value (an object unless the section prompt asks for something else): no Markdown, no code fences, no text around it. Put citation markers inside the string values they support.',
  string: 'Plain prose in one or more short paragraphs: no headings, lists, tables, emphasis or other Markdown.',
};

function voiceLines(voice: VoiceInput | null): string[] {
  if (voice === null) return ['Voice: clear, neutral and precise; plain words; no filler or marketing tone.'];
  const lines = [`Voice: "${voice.name}". Write in this voice.`];
  if (voice.description && voice.description.trim() !== '') lines.push(`Voice rubric: ${voice.description.trim()}`);
  const samples = voice.samples.filter((s) => s.trim() !== '').slice(0, MAX_SAMPLES);
  if (samples.length > 0) {
    lines.push('Style examples in this voice (imitate their tone, sentence length and structure; never take facts from them):');
    samples.forEach((sample, i) => lines.push(`<example ${i + 1}>\n${clip(sample, MAX_SAMPLE_CHARS)}\n</example ${i + 1}>`));
  }
  return lines;
}

function citationRules(hasSources: boolean): string[] {
  const rules = [
    'Use only the numbered sources and the context in the user message. Do not use outside knowledge.',
    hasSources
      ? 'After every sentence that uses a source, put its marker [n] at the end of that sentence, e.g. "The lease runs for 24 months [2]." A sentence drawing on several sources carries each marker: [1][3].'
      : 'There are no numbered sources for this section: write from the context only and put no [n] markers.',
    'Never invent a source number: cite only numbers listed under "Sources".',
    'If the sources and the context do not support something the section asks for, say plainly that it is not known; never guess or fill gaps with plausible details.',
    'Copy numbers, amounts, dates, names and quotations exactly as the sources and context give them.',
    'Answer with the section body only: no title heading, no preamble, no closing remarks, no code fences.',
  ];
  return rules.map((rule, i) => `${i + 1}. ${rule}`);
}

function sourcesBlock(input: WriteSectionInput): string {
  if (input.sources.length === 0) return 'Sources: none.';
  return ['Sources:', ...input.sources.map((s) => `[${s.n}] ${s.title.trim() || 'Untitled source'}\n${s.text.trim()}`)].join('\n\n');
}

/**
 * Conclusions are computed by the template's rules (issue 31): the writer explains them and never
 * reaches another; the check stage flags a sentence that does (`contradicts_decision`).
 */
const DECISIONS_RULE =
  'Decisions: the context\'s "decisions" were computed by the document\'s rules from its inputs. State each as decided (its label) and explain it from its reasons; ' +
  'never state, recommend or imply a different outcome, and never weigh the evidence to a conclusion of your own.';

function hasDecisions(context: Record<string, unknown>): boolean {
  const decisions = context.decisions;
  return typeof decisions === 'object' && decisions !== null && Object.keys(decisions).length > 0;
}

/** Builds the system and user messages for one synthesized section. */
export function buildWriteSectionPrompt(input: WriteSectionInput): PromptPair {
  const brief = bulletLines(input.brief);
  const system = [
    'You write one section of a document produced by Quire, a document generation service whose readers rely on every statement being traceable to a source.',
    voiceLines(input.voice).join('\n'),
    brief.length > 0 ? `Brief for the whole document:\n${brief.join('\n')}` : 'Brief for the whole document: none given.',
    `Output format: ${FORMAT_RULES[input.outputType]}`,
    `Rules for facts and citations:\n${citationRules(input.sources.length > 0).join('\n')}`,
    ...(hasDecisions(input.context) ? [DECISIONS_RULE] : []),
  ].join('\n\n');
  const user = [
    `Section title: ${input.title}`,
    `Section prompt: ${input.prompt && input.prompt.trim() !== '' ? input.prompt.trim() : '(none: write what a reader expects under this title)'}`,
    `Context (JSON):\n${jsonBlock(input.context)}`,
    sourcesBlock(input),
  ].join('\n\n');
  return { system, user };
}
