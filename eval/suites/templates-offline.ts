/**
 * Each built-in template generated offline, with the fields a user would fill in, measured as
 * issue 31 item 6 asks: repeated 5-grams across sections, read-back sentences, the share of
 * cited claims the check stage flagged, and citation precision (each claim–source pair, checked
 * against that source alone with the document's field values).
 */
import { checkCitations, citedSentences } from '../../src/pipeline/verify/check-citations.js';
import { DPIA_FIELDS, LETTER_FIELDS, MEMO_FIELDS } from '../../test/support/builtin-fields.js';
import { startTestServer } from '../../test/support/test-server.js';
import { decisionConflicts } from '../../src/pipeline/verify/decision-conflicts.js';
import { isGrounded, isReadBack, phrasesOverTwice, proseSentences, repeated5gramShare } from '../metrics.js';
import { type GeneratedDocument, generateOffline } from '../support/generate-offline.js';
import type { Measure, Suite, SuiteReport } from './index.js';

export interface TemplateMeasures {
  template: string;
  sentences: number;
  repeated5grams: number;
  readBack: number;
  readBackExamples: string[];
  citedClaims: number;
  flaggedClaims: number;
  citationPairs: number;
  supportedPairs: number;
  /** Stock phrases (word 4-grams of the document's own wording) in more than two sentences. */
  phrasesOverTwice: Array<{ phrase: string; uses: number }>;
  /** Prose sentences of written (synthesized) sections. */
  writtenSentences: number;
  /** Of those, sentences that neither cite a source nor state a field value or a computed decision. */
  ungrounded: string[];
  /** Prose sentences that state a different conclusion than a computed decision. */
  contradictions: string[];
}

export const BUILT_IN_FIELDS: Record<string, Record<string, unknown>> = {
  'gdpr-dpia': { ...DPIA_FIELDS, assessment_date: '2026-11-20', assessor: 'Maria Keller' },
  'vendor-security-memo': { ...MEMO_FIELDS, memo_date: '2026-11-20', annual_contract_value: 42500, incident_contact: 'security@initech.example' },
  'engagement-letter': { ...LETTER_FIELDS, letter_date: '2026-11-20' },
};

export function measureDocument(doc: GeneratedDocument): TemplateMeasures {
  const contents = doc.sections.map((s) => s.content).filter((c) => c.trim() !== '');
  const sentences = contents.flatMap(proseSentences);
  const readBack = sentences.filter((s) => isReadBack(s, doc.fields));
  const claims = contents.flatMap(citedSentences);
  const flagged = [...doc.flagged.values()].reduce((n, list) => n + list.length, 0);
  // What the check stage reads as stated facts: the form's values and the computed decisions.
  const facts = [...doc.fields, ...doc.decisions.map((d) => ({ label: d.label, value: [d.outcomeLabel ?? '', ...d.reasons].join(' ').trim() }))];
  const given = [...doc.sources.map((s) => s.text), ...doc.fields.map((f) => f.value), ...doc.decisions.flatMap((d) => d.reasons)];
  const written = doc.sections
    .filter((s) => s.renderMode === 'synthesized')
    .map((s) => s.content)
    .flatMap(proseSentences);
  const verdicts = doc.decisions.filter((d) => d.outcomeLabel !== null).map((d) => ({ label: d.label, value: d.outcomeLabel as string }));
  let pairs = 0;
  let supported = 0;
  for (const claim of claims) {
    for (const n of claim.citations) {
      pairs += 1;
      const source = doc.sources.filter((s) => s.n === n);
      if (checkCitations(`${claim.sentence} [${n}]`, source, facts).unsupported.length === 0) supported += 1;
    }
  }
  return {
    template: doc.template,
    sentences: sentences.length,
    repeated5grams: repeated5gramShare(contents).share,
    readBack: readBack.length,
    readBackExamples: readBack.slice(0, 3),
    citedClaims: claims.length,
    flaggedClaims: flagged,
    citationPairs: pairs,
    supportedPairs: supported,
    phrasesOverTwice: phrasesOverTwice(sentences, given),
    writtenSentences: written.length,
    ungrounded: written.filter((s) => !isGrounded(s, doc.fields, doc.decisions)),
    contradictions: sentences.filter((s) => decisionConflicts(s, verdicts).length > 0),
  };
}

export async function runTemplatesOffline(): Promise<TemplateMeasures[]> {
  const server = await startTestServer({ dialect: 'sqlite', env: { LLM_PROVIDER: 'offline' } });
  try {
    const token = await server.login();
    const out: TemplateMeasures[] = [];
    for (const [template, fields] of Object.entries(BUILT_IN_FIELDS)) out.push(measureDocument(await generateOffline(server, token, template, fields)));
    return out;
  } finally {
    await server.close();
  }
}

/** The suite: per template and over all three, with the issue's goals on the totals. */
export const templatesOfflineSuite: Suite = {
  name: 'templates-offline',
  async run(): Promise<SuiteReport> {
    const measured = await runTemplatesOffline();
    const sum = (f: (m: TemplateMeasures) => number) => measured.reduce((n, m) => n + f(m), 0);
    const share = (a: number, b: number) => (b === 0 ? 0 : a / b);
    const measures: Measure[] = measured.flatMap((m) => [
      {
        id: `templates.${m.template}.repeated5grams`,
        label: `${m.template}: repeated 5-grams across sections`,
        value: m.repeated5grams,
        format: 'percent' as const,
      },
      {
        id: `templates.${m.template}.readBack`,
        label: `${m.template}: read-back sentences`,
        value: share(m.readBack, m.sentences),
        format: 'percent' as const,
      },
      {
        id: `templates.${m.template}.phrasesOverTwice`,
        label: `${m.template}: stock phrases used more than twice`,
        value: m.phrasesOverTwice.length,
        format: 'count' as const,
        goal: { op: '<=' as const, target: 0 },
      },
    ]);
    measures.push(
      {
        id: 'templates.repeated5grams',
        label: 'All: repeated 5-grams across sections (worst template)',
        value: Math.max(...measured.map((m) => m.repeated5grams)),
        format: 'percent',
        goal: { op: '<=', target: 0.05 },
      },
      {
        id: 'templates.phrasesOverTwice',
        label: 'All: stock phrases used more than twice in a document',
        value: sum((m) => m.phrasesOverTwice.length),
        format: 'count',
        goal: { op: '<=', target: 0 },
      },
      {
        id: 'templates.ungrounded',
        label: 'All: written sentences neither citing nor stating a field value or decision',
        value: share(
          sum((m) => m.ungrounded.length),
          sum((m) => m.writtenSentences),
        ),
        format: 'percent',
        goal: { op: '<=', target: 0 },
      },
      {
        id: 'templates.contradictions',
        label: 'All: sentences contradicting a computed decision',
        value: sum((m) => m.contradictions.length),
        format: 'count',
        goal: { op: '<=', target: 0 },
      },
      {
        id: 'templates.readBack',
        label: 'All: read-back sentences',
        value: share(
          sum((m) => m.readBack),
          sum((m) => m.sentences),
        ),
        format: 'percent',
        goal: { op: '<=', target: 0 },
      },
      {
        id: 'templates.unsupported',
        label: 'All: cited claims the check stage flagged',
        value: share(
          sum((m) => m.flaggedClaims),
          sum((m) => m.citedClaims),
        ),
        format: 'percent',
        goal: { op: '<=', target: 0.05 },
      },
      {
        id: 'templates.citationPrecision',
        label: 'All: citation precision (claim–source pairs the source supports)',
        value: share(
          sum((m) => m.supportedPairs),
          sum((m) => m.citationPairs),
        ),
        format: 'ratio',
        goal: { op: '>=', target: 0.9 },
      },
    );
    const notes = [
      'Generated offline (`LLM_PROVIDER=offline`) through the real service on SQLite, with the fields in `eval/suites/templates-offline.ts`.',
      'The flagged share and citation precision are judged by the built-in check itself (the one measured above): they say that the offline composer cites what its sources and the form say, not that a reader would find every sentence supported. Read-back sentences are prose sentences (not table rows, headings or salutations) that, without the words of the field values and labels they restate, keep at most two words of their own.',
      'A stock phrase is a word 4-gram (or a three-word sentence opening) of the document in three or more of its prose sentences and in none of the texts it was given (sources, field values, decision reasons). A written sentence (of a synthesized section) is grounded when it cites a source, or contains a field value (or one of its items) or a computed decision (its outcome or a reason). Contradictions are prose sentences that the check stage’s decision-conflict rule reads as stating another verdict than a computed decision.',
      ...measured.map(
        (m) =>
          `${m.template}: ${m.sentences} prose sentences, ${m.readBack} read-back, ${m.citedClaims} cited claims (${m.flaggedClaims} flagged), ${m.supportedPairs}/${m.citationPairs} citations supported, ` +
          `${m.writtenSentences} written sentences (${m.ungrounded.length} ungrounded), ${m.phrasesOverTwice.length} stock phrases over twice, ${m.contradictions.length} contradictions.` +
          (m.readBackExamples.length > 0 ? ` Read-back, e.g.: ${m.readBackExamples.map((s) => `“${s}”`).join('; ')}.` : '') +
          (m.phrasesOverTwice.length > 0
            ? ` Stock phrases: ${m.phrasesOverTwice
                .slice(0, 3)
                .map((p) => `“${p.phrase}” ×${p.uses}`)
                .join('; ')}.`
            : '') +
          (m.ungrounded.length > 0
            ? ` Ungrounded, e.g.: ${m.ungrounded
                .slice(0, 2)
                .map((s) => `“${s}”`)
                .join('; ')}.`
            : '') +
          (m.contradictions.length > 0
            ? ` Contradicting: ${m.contradictions
                .slice(0, 2)
                .map((s) => `“${s}”`)
                .join('; ')}.`
            : ''),
      ),
    ];
    return { title: 'Built-in templates generated offline (issue 31, item 6)', measures, notes };
  },
};
