/**
 * The learning curve (issue 32 items 5 and 6): for each issuer of the issuer series, the 1st
 * document is reviewed through the real service (each scored field confirmed when the service
 * read it right, corrected when it read it wrong, supplied when it missed it), then the 2nd and
 * 3rd are uploaded and scored. The same documents uploaded before any review give the
 * baseline (the generic rules alone).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../../test/support/test-server.js';
import { type Json, postMultipart } from '../../test/e2e/assessments-helpers.js';
import type { ExtractedItem } from '../../src/extraction/types.js';
import { GOLD_DIR, generateIssuerSeries, type IssuerSeriesEntry } from '../gold/extraction/generate.js';
import type { GoldValue } from '../gold/extraction/documents.js';
import { SCORED_FIELDS, bestItem, scoreDocument, type FieldOutcome } from './score.js';

type WireItem = ExtractedItem & { id: string };

export interface LearningCurve {
  /** Recall on the 2nd and 3rd documents with nothing learned, and after the 1st was reviewed. */
  before: number;
  after: number;
  by_position: Array<{ position: number; recall: number }>;
  reviewed: { confirmed: number; corrected: number; supplied: number; refused: number };
  issuers: number;
  outcomes: Array<{ entry: IssuerSeriesEntry; before: FieldOutcome[]; after: FieldOutcome[] }>;
}

const recall = (os: FieldOutcome[]): number => {
  const gold = os.filter((o) => o.gold !== null).length;
  return gold === 0 ? 0 : os.filter((o) => o.correct).length / gold;
};

/** The gold value as a correction body sends it. */
const wireValue = (gold: GoldValue): unknown => (typeof gold === 'object' ? { amount: gold.amount, currency: gold.currency } : gold);

async function upload(server: TestServer, token: string, org: string, assessmentId: string, dir: string, entry: IssuerSeriesEntry): Promise<string> {
  const bytes = await readFile(join(dir, entry.pdf));
  const r = await postMultipart(server, token, org, `/assessments/${assessmentId}/documents`, {}, [
    { name: `${entry.id}.pdf`, bytes, type: 'application/pdf' },
  ]);
  if (r.status !== 201) throw new Error(`upload ${entry.id}: ${r.status} ${JSON.stringify(r.body)}`);
  await server.jobs.idle();
  return r.body.documents[0].id as string;
}

async function call(server: TestServer, token: string, org: string, method: string, path: string, body?: unknown): Promise<Pick<Json, 'status' | 'body'>> {
  const r = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'x-org-slug': org, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : null };
}

/** Runs the learning curve on a fresh SQLite service. */
export async function runLearningCurve(options: { goldDir?: string } = {}): Promise<LearningCurve> {
  const dir = options.goldDir ?? GOLD_DIR;
  const series = await generateIssuerSeries({ out: dir });
  const server = await startTestServer({ dialect: 'sqlite' });
  const reviewed = { confirmed: 0, corrected: 0, supplied: 0, refused: 0 };
  try {
    const token = await server.login();
    const itemsOf = async (org: string, docId: string): Promise<WireItem[]> =>
      (await call(server, token, org, 'GET', `/documents/${docId}/extracted-items`)).body.items;
    // The baseline in another organization: no memory there.
    const baseOrg = 'globex';
    const baseAssessment = (await postMultipart(server, token, baseOrg, '/assessments', { name: 'baseline' }, [])).body.assessment.id as string;
    const assessment = (await postMultipart(server, token, 'acme', '/assessments', { name: 'learning curve' }, [])).body.assessment.id as string;
    const outcomes: LearningCurve['outcomes'] = [];
    const issuers = [...new Set(series.map((d) => d.issuer))];
    for (const issuer of issuers) {
      const docs = series.filter((d) => d.issuer === issuer).sort((a, b) => a.position - b.position);
      const [first, ...later] = docs;
      const firstId = await upload(server, token, 'acme', assessment, dir, first);
      const items = await itemsOf('acme', firstId);
      for (const field of SCORED_FIELDS) {
        const gold = first.answers[field];
        if (gold === undefined) continue;
        const best = bestItem(items, field) as WireItem | null;
        const right = best !== null && scoreDocument([best], { [field]: gold }).some((o) => o.field === field && o.correct);
        let r: { status: number };
        if (right && best) {
          r = await call(server, token, 'acme', 'POST', `/documents/${firstId}/extracted-items/${best.id}/validate`, {
            decision: 'confirm',
            override_warnings: true,
          });
          if (r.status === 200) reviewed.confirmed += 1;
        } else if (best) {
          r = await call(server, token, 'acme', 'POST', `/extracted-items/${best.id}/corrections`, { value: wireValue(gold), reason: 'wrong_value' });
          if (r.status === 201) reviewed.corrected += 1;
        } else {
          r = await call(server, token, 'acme', 'POST', `/documents/${firstId}/extracted-items`, { key: field, value: wireValue(gold) });
          if (r.status === 201) reviewed.supplied += 1;
        }
        if (r.status >= 300) reviewed.refused += 1;
      }
      for (const entry of later) {
        const beforeId = await upload(server, token, baseOrg, baseAssessment, dir, entry);
        const afterId = await upload(server, token, 'acme', assessment, dir, entry);
        outcomes.push({
          entry,
          before: scoreDocument(await itemsOf(baseOrg, beforeId), entry.answers),
          after: scoreDocument(await itemsOf('acme', afterId), entry.answers),
        });
      }
    }
    if (process.env.LEARNING_DEBUG) {
      const ms = (await call(server, token, 'acme', 'GET', '/issuer-memories?limit=200')).body.issuer_memories as Array<Record<string, unknown>>;
      for (const m of ms)
        console.error(
          m.name,
          m.applied_count,
          JSON.stringify(m.identity),
          (m.fields as Array<{ key: string; anchor_text: string }>).map((f) => `${f.key}@${f.anchor_text}`).join(' | '),
        );
    }
    const positions = [...new Set(outcomes.map((o) => o.entry.position))].sort();
    return {
      before: recall(outcomes.flatMap((o) => o.before)),
      after: recall(outcomes.flatMap((o) => o.after)),
      by_position: positions.map((p) => ({ position: p + 1, recall: recall(outcomes.filter((o) => o.entry.position === p).flatMap((o) => o.after)) })),
      reviewed,
      issuers: issuers.length,
      outcomes,
    };
  } finally {
    await server.close();
  }
}

/** The curve as markdown for EVALUATION.md. */
export function learningCurveMarkdown(c: LearningCurve): string[] {
  const misses = c.outcomes.flatMap((o) =>
    o.after
      .filter((x) => x.gold !== null && !x.correct)
      .map((x) => `- ${o.entry.id} ${x.field}: gold ${JSON.stringify(x.gold)}, got ${x.predicted ? JSON.stringify(x.predicted.value) : 'nothing'}`),
  );
  return [
    '### Learning curve (issuer memory)',
    '',
    `${c.issuers} issuers × 3 text-PDF invoices of the issuer series (eval/gold/extraction/issuer-series.ts). The 1st of each is reviewed through the real service ` +
      `(${c.reviewed.confirmed} fields confirmed, ${c.reviewed.corrected} corrected, ${c.reviewed.supplied} supplied where the rules missed them, ${c.reviewed.refused} refused); ` +
      'the 2nd and 3rd are then uploaded and scored. "Before" is the same documents in an organization with no memory.',
    '',
    '| documents | recall before | recall after |',
    '|---|---|---|',
    `| 2nd and 3rd | ${c.before.toFixed(2)} | **${c.after.toFixed(2)}** |`,
    ...c.by_position.map((p) => `| ${p.position}th only | — | ${p.recall.toFixed(2)} |`.replace('2th', '2nd').replace('3th', '3rd')),
    '',
    `Misses after learning (${misses.length}):`,
    '',
    ...misses.slice(0, 20),
    '',
  ];
}
