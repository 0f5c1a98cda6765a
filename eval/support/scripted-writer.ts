/**
 * A scripted section writer for the evaluation of the built-in templates with a live model
 * (issue 31, item 6): it answers the live gateway's section requests on the real
 * chat-completions protocol, building each section literally from what the prompt gives it —
 * two sentences of each numbered source, cited, and each computed decision as decided — and plants
 * one known fault per written section, in turn: a wrong citation number, an invented claim, a
 * sentence stating another outcome than a computed decision. What it planted is recorded, so
 * the suite can score the check stage on it. Structured requests go to the scripted judge
 * (claims) or get a neutral synthesized context.
 */
import type { FakeAnswer, FakeChatRequest } from '../../test/support/fake-openai-server.js';
import { createScriptedJudge } from './scripted-judge.js';

export type FaultKind = 'wrong-citation' | 'invented-claim' | 'contradicts-decision';

export interface PlantedFault {
  kind: FaultKind;
  section: string;
  /** The sentence as written, with its markers. */
  sentence: string;
}

interface Decision {
  title?: string;
  decided?: boolean;
  outcome?: string;
  label?: string;
}

/** Another outcome's label, stated in place of the decided one (the families of the built-in templates' decisions). */
const OPPOSITE: Record<string, string> = {
  approve: 'Reject',
  approve_with_conditions: 'Reject',
  reject: 'Approve',
  met: 'Not met',
  not_met: 'Met',
  no_evidence: 'Met',
  required: 'Not required',
  not_required: 'Required',
  high: 'Low',
  medium: 'Low',
  low: 'High',
};

const NEUTRAL_SYNTHESIS = { summary: '', key_facts: [], parties: [], dates: [], amounts: [], open_questions: [] };

/** The section request's title, context and numbered sources. */
function readSectionPrompt(user: string): { title: string; decisions: Decision[]; sources: Array<{ n: number; text: string }> } {
  const title = /^Section title: (.*)$/m.exec(user)?.[1] ?? '';
  const contextText = /Context \(JSON\):\n([\s\S]*?)\n\nSources:/.exec(user)?.[1] ?? '{}';
  let decisions: Decision[] = [];
  try {
    const context = JSON.parse(contextText) as { decisions?: Record<string, Decision> };
    decisions = Object.values(context.decisions ?? {});
  } catch {
    decisions = [];
  }
  const sourcePart = user.split('\n\nSources:\n\n')[1] ?? '';
  const sources = sourcePart
    .split(/\n\n(?=\[\d+\] )/)
    .map((block) => /^\[(\d+)\] [^\n]*\n([\s\S]*)$/.exec(block.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ n: Number(m[1]), text: m[2].trim() }));
  return { title, decisions, sources };
}

/** The sentences of a source text (without their full stops). */
const sentencesOf = (text: string): string[] =>
  text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.replace(/[.!?]$/, '').trim())
    .filter((s) => s !== '');
const firstSentence = (text: string): string => sentencesOf(text)[0] ?? '';

/** Shapes the section's sentences as its output format asks (read from the system prompt). */
function shape(system: string, sentences: string[]): string {
  const format = /Output format: (.*)/.exec(system)?.[1] ?? '';
  if (format.startsWith('One GitHub-flavoured Markdown table')) return ['| Point |', '| --- |', ...sentences.map((s) => `| ${s} |`)].join('\n');
  if (format.startsWith('A Markdown bullet list')) return sentences.map((s) => `- ${s}`).join('\n');
  if (format.startsWith('One JSON value')) return JSON.stringify({ points: sentences });
  return sentences.join(' ');
}

export interface ScriptedWriter {
  respond(request: FakeChatRequest): FakeAnswer;
  planted: PlantedFault[];
  /** The literal sentences written, with their markers (what the check should pass). */
  literal: string[];
}

export function createScriptedWriter(): ScriptedWriter {
  const judge = createScriptedJudge();
  const planted: PlantedFault[] = [];
  const literal: string[] = [];
  let written = 0;
  const plant = (title: string, decisions: Decision[], sources: Array<{ n: number; text: string }>): string | null => {
    const kinds: FaultKind[] = ['contradicts-decision', 'invented-claim', 'wrong-citation'];
    for (let k = 0; k < kinds.length; k += 1) {
      const kind = kinds[(written + k) % kinds.length];
      let sentence: string | null = null;
      if (kind === 'wrong-citation' && sources.length >= 2) sentence = `${firstSentence(sources[1].text)} [${sources[0].n}].`;
      if (kind === 'invented-claim' && sources.length >= 1)
        sentence = `It also guarantees 99.95% availability with a named account manager in Lisbon [${sources[0].n}].`;
      const decided = decisions.find((d) => d.decided && d.outcome && OPPOSITE[d.outcome]);
      if (kind === 'contradicts-decision' && decided) sentence = `${decided.title}: ${OPPOSITE[decided.outcome ?? '']}.`;
      if (sentence !== null) {
        planted.push({ kind, section: title, sentence });
        return sentence;
      }
    }
    return null;
  };
  const respond = (request: FakeChatRequest): FakeAnswer => {
    if (request.schemaName === 'claim_verdicts') return judge(request);
    if (request.schemaName === 'synthesized_context') return { content: JSON.stringify(NEUTRAL_SYNTHESIS) };
    if (request.schemaName) return { content: '{}' };
    if (request.user.includes('Your previous answer could not be used')) return { content: '{"points": []}' };
    const { title, decisions, sources } = readSectionPrompt(request.user);
    // Two sentences of each of the first three sources: a literal writer copies and cites.
    const sentences = sources.slice(0, 3).flatMap((s) =>
      sentencesOf(s.text)
        .slice(0, 2)
        .map((sentence) => `${sentence} [${s.n}].`),
    );
    sentences.push(...decisions.filter((d) => d.decided && d.label).map((d) => `${d.title}: ${d.label}.`));
    literal.push(...sentences);
    const fault = plant(title, decisions, sources);
    written += 1;
    return { content: shape(request.system, fault === null ? sentences : [...sentences, fault]) };
  };
  return { respond, planted, literal };
}
