/**
 * Each built-in template generated through the real service with a scripted live model (issue
 * 31, item 6): a literal writer (eval/support/scripted-writer.ts) that plants one known fault per
 * written section — a wrong citation number, an invented claim, a sentence contradicting a
 * computed decision — and the scripted judge. Measured on what the run produced: the share of
 * cited claims left unsupported after the check, citation precision of the written text,
 * contradictions left in a document that could still be finalized, and the check stage's
 * precision and recall on the planted faults.
 */
import { citedSentences } from '../../src/pipeline/verify/check-citations.js';
import { stripCitations } from '../../src/pipeline/verify/sentences.js';
import { startFakeOpenAi } from '../../test/support/fake-openai-server.js';
import { startTestServer } from '../../test/support/test-server.js';
import { generateOffline } from '../support/generate-offline.js';
import { type PlantedFault, type ScriptedWriter, createScriptedWriter } from '../support/scripted-writer.js';
import type { Measure, Suite, SuiteReport } from './index.js';
import { BUILT_IN_FIELDS } from './templates-offline.js';

/** A sentence as the check reports it and as the writer wrote it, compared without markers, case or punctuation. */
const key = (sentence: string): string =>
  stripCitations(sentence)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

interface TemplateOutcome {
  template: string;
  planted: PlantedFault[];
  /** Planted faults the check flagged. */
  caught: PlantedFault[];
  /** Flagged sentences the writer wrote literally (false flags). */
  falseFlags: string[];
  citedClaims: number;
  citationPairs: number;
  wrongPairs: number;
  /** Planted unsupported claims (wrong citation, invented) the check let through. */
  unsupportedLeft: number;
  /** Planted contradictions in a document that finalizing accepted. */
  contradictionsLeft: number;
  finalizeRefused: boolean;
}

async function generateOne(
  server: Awaited<ReturnType<typeof startTestServer>>,
  token: string,
  template: string,
  writer: ScriptedWriter,
): Promise<TemplateOutcome> {
  const doc = await generateOffline(server, token, template, BUILT_IN_FIELDS[template]);
  const flagged = new Set([...doc.flagged.values()].flat().map(key));
  const written = doc.sections.map((s) => s.content).join('\n');
  const present = writer.planted.filter((p) => key(written).includes(key(p.sentence)));
  const caught = present.filter((p) => flagged.has(key(p.sentence)));
  const plantedKeys = new Set(present.map((p) => key(p.sentence)));
  const falseFlags = [...flagged].filter((f) => !plantedKeys.has(f));
  const claims = doc.sections.flatMap((s) => citedSentences(s.content));
  const wrong = new Set(present.filter((p) => p.kind !== 'contradicts-decision').map((p) => key(p.sentence)));
  const pairs = claims.reduce((n, c) => n + c.citations.length, 0);
  const wrongPairs = claims.filter((c) => wrong.has(key(c.sentence))).reduce((n, c) => n + c.citations.length, 0);
  const res = await server.call('PUT', `/v1/documents/${doc.id}/state`, { token, org: 'acme', body: { state: 'finalized' } });
  const detail = res.ok ? '' : (((await res.json()) as { detail?: string }).detail ?? '');
  const contradictions = present.filter((p) => p.kind === 'contradicts-decision');
  const blocked = (p: PlantedFault) => !res.ok && key(detail).includes(key(p.sentence));
  return {
    template,
    planted: present,
    caught,
    falseFlags,
    citedClaims: claims.length,
    citationPairs: pairs,
    wrongPairs,
    unsupportedLeft: present.filter((p) => p.kind !== 'contradicts-decision' && !flagged.has(key(p.sentence))).length,
    contradictionsLeft: contradictions.filter((p) => !blocked(p)).length,
    finalizeRefused: !res.ok,
  };
}

export async function runTemplatesScripted(): Promise<TemplateOutcome[]> {
  let writer = createScriptedWriter();
  const fake = await startFakeOpenAi({ respond: (request) => writer.respond(request) });
  const server = await startTestServer({
    dialect: 'sqlite',
    env: { LLM_PROVIDER: 'openai-compatible', LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'scripted-writer', LLM_TIMEOUT_MS: '30000' },
  });
  try {
    const token = await server.login();
    const out: TemplateOutcome[] = [];
    for (const template of Object.keys(BUILT_IN_FIELDS)) {
      writer = createScriptedWriter();
      out.push(await generateOne(server, token, template, writer));
    }
    return out;
  } finally {
    await server.close();
    await fake.close();
  }
}

const share = (a: number, b: number) => (b === 0 ? 0 : a / b);

export const templatesScriptedSuite: Suite = {
  name: 'templates-scripted',
  async run(): Promise<SuiteReport> {
    const outcomes = await runTemplatesScripted();
    const sum = (f: (o: TemplateOutcome) => number) => outcomes.reduce((n, o) => n + f(o), 0);
    const planted = sum((o) => o.planted.length);
    const caught = sum((o) => o.caught.length);
    const falseFlags = sum((o) => o.falseFlags.length);
    const measures: Measure[] = [
      {
        id: 'scripted.unsupported',
        label: 'Cited claims left unsupported after the check (planted, not flagged)',
        value: share(
          sum((o) => o.unsupportedLeft),
          sum((o) => o.citedClaims),
        ),
        format: 'percent',
        goal: { op: '<=', target: 0.05 },
      },
      {
        id: 'scripted.citationPrecision',
        label: 'Citation precision of the written text (claim–source pairs the writer did not fault)',
        value:
          1 -
          share(
            sum((o) => o.wrongPairs),
            sum((o) => o.citationPairs),
          ),
        format: 'ratio',
      },
      {
        id: 'scripted.contradictions',
        label: 'Contradictions with computed decisions in a document finalizing accepts',
        value: sum((o) => o.contradictionsLeft),
        format: 'count',
        goal: { op: '<=', target: 0 },
      },
      {
        id: 'scripted.check.precision',
        label: 'Check stage on the planted faults: precision',
        value: share(caught, caught + falseFlags),
        format: 'ratio',
        goal: { op: '>=', target: 0.9 },
      },
      {
        id: 'scripted.check.recall',
        label: 'Check stage on the planted faults: recall',
        value: share(caught, planted),
        format: 'ratio',
        goal: { op: '>=', target: 0.9 },
      },
    ];
    const notes = [
      "Generated through the real service on SQLite with `LLM_PROVIDER=openai-compatible` against a scripted model on the real chat-completions protocol (`eval/support/scripted-writer.ts`): each written section holds two sentences of each of its first three numbered sources (cited) and each computed decision as decided, plus one planted fault, in turn a sentence stating another outcome than a computed decision, an invented claim, or a wrong citation number (the next kind when a section lacks what one needs); claims go to the scripted judge (`eval/support/scripted-judge.ts`, the template's own judge setting). The citation precision is the writer's ground truth (what was planted), not a judge's; the other measures are what the check stage and finalizing did with it.",
      ...outcomes.map(
        (o) =>
          `${o.template}: ${o.planted.length} planted (${o.planted.map((p) => p.kind).join(', ') || 'none'}), ${o.caught.length} flagged; ${o.falseFlags.length} literal sentences flagged; ${o.citedClaims} cited claims; finalizing ${o.finalizeRefused ? 'refused' : 'accepted'}.` +
          (o.planted.length > o.caught.length
            ? ` Missed: ${o.planted
                .filter((p) => !o.caught.includes(p))
                .map((p) => `“${p.sentence}” (${p.kind})`)
                .join('; ')}.`
            : '') +
          (o.falseFlags.length > 0
            ? ` False flags: ${o.falseFlags
                .slice(0, 3)
                .map((s) => `“${s}”`)
                .join('; ')}.`
            : ''),
      ),
    ];
    return { title: 'Built-in templates with a scripted live model (issue 31, item 6)', measures, notes };
  },
};
