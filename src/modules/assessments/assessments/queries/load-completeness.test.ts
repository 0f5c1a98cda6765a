/**
 * Completeness from the tallies and the requirements' items (issue 35, ADR 0651) answers exactly
 * what the computation before it answered — every current item of the assessment loaded and
 * counted in memory — on a varied assessment, as it is extracted, reviewed, corrected, rerun
 * and loses a document. Both dialects: the tallies are kept by each one's own triggers.
 */
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../../../../test/support/dialects.js';
import { useDbHarness } from '../../../../../test/support/db-harness.js';
import { buildOrg } from '../../../../../test/support/factories.js';
import type { CommandContext } from '../../../context.js';
import type { ExtractedItemRecord, ValidationStatus } from '../../extracted-items/extracted-item.repository.js';
import { presentAssessment } from '../assessment.presenter.js';
import type { AssessmentRecord } from '../assessment.repository.js';
import { computeCompleteness, itemTotalsOf } from './compute-completeness.js';
import { getAssessment } from './get-assessment.js';
import { loadCompleteness } from './load-completeness.js';

const T = '2026-03-14T09:30:00.000Z';
const STATUSES: ValidationStatus[] = ['pending', 'needs_review', 'auto_validated', 'validated', 'corrected', 'rejected'];
const KEYS = ['vendor.name', 'invoice.total', 'invoice.number', 'line.amount', 'po.number', 'note.free', 'iban', 'invoice.date'];

/** A deterministic generator: the same varied assessment on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describeEachDialect('assessment completeness from tallies', (dialect) => {
  const h = useDbHarness(dialect);

  /** What the code before issue 35 answered: every current item loaded, filtered and counted in memory. */
  async function before(ctx: CommandContext, assessment: AssessmentRecord) {
    const orgId = ctx.actor.org.orgId;
    const docs = await ctx.repos.sourceDocuments.listByAssessment(orgId, assessment.id);
    const items = await ctx.repos.items.listCurrent(
      orgId,
      docs.map((d) => d.id),
    );
    const byStatus: Record<string, number> = {};
    for (const i of items) byStatus[i.validation_status] = (byStatus[i.validation_status] ?? 0) + 1;
    return { docs, items, completeness: computeCompleteness(assessment, docs, items, itemTotalsOf(byStatus), ctx.clock.now().toISOString()) };
  }

  async function expectSameAnswers(ctx: CommandContext, assessment: AssessmentRecord): Promise<void> {
    const old = await before(ctx, assessment);
    const now = await loadCompleteness(ctx, assessment);
    expect(now).toEqual(old.completeness);
    expect(await getAssessment(ctx, assessment.id)).toEqual(presentAssessment(assessment, old.completeness));
    // Per document too: what item_counts and review_status read.
    const counted: Record<string, Record<string, number>> = {};
    for (const i of old.items) (counted[i.document_id] ??= {})[i.validation_status] = (counted[i.document_id]?.[i.validation_status] ?? 0) + 1;
    expect(
      await ctx.repos.items.countByDocument(
        ctx.actor.org.orgId,
        old.docs.map((d) => d.id),
      ),
    ).toEqual(counted);
  }

  it('answers as the in-memory computation did, through extraction, review, correction, rerun and deletion', async () => {
    const org = await buildOrg(h.db);
    const ctx = h.contextFor(org);
    const next = random(35);
    const pick = <V>(list: readonly V[]): V => list[Math.floor(next() * list.length)];
    const assessment = await ctx.repos.assessments.insert(org.id, {
      id: 'asm_varied',
      name: 'Varied',
      description: null,
      processor_id: 'prc_generic_fields',
      automation: 'never',
      requirements: [
        { key: 'vendor.name', occurrence: 'required_once', min_confidence: 0.8 },
        { key: 'invoice.total', occurrence: 'required_once', require_validation: true },
        { key: 'line.amount', occurrence: 'required_multiple', min_count: 3 },
        { key: 'po.number', occurrence: 'optional_once' },
        { key: 'iban', occurrence: 'required_once', require_validation: false, min_confidence: 0.95 },
      ],
      linked_document_id: null,
      created_by: 'dev@localhost',
      created_at: T,
      updated_at: T,
    });
    const statuses = ['processed', 'processed', 'partially_processed', 'failed', 'processed'];
    const docIds = statuses.map((_, n) => `sdoc_varied_${n}`);
    for (const [n, status] of statuses.entries()) {
      await ctx.repos.sourceDocuments.insert(org.id, {
        id: docIds[n],
        assessment_id: assessment.id,
        filename: `file-${n}.pdf`,
        declared_mime_type: 'application/pdf',
        mime_type: 'application/pdf',
        kind: 'pdf',
        size_bytes: 100,
        sha256: `sha-${n}`,
        blob_key: `blob-${n}`,
        page_count: 1,
        text_layer: 'present',
        duplicate_of: null,
        processing_status: status,
        skip_reason: null,
        review_rejected: false,
        processor_id: n === 4 ? 'prc_docx' : 'prc_generic_fields',
        processor_version: '1',
        latest_run_id: `run_${n}_a`,
        problems: [],
        uploaded_by: null,
        created_at: T,
        updated_at: T,
      });
    }
    const item = (doc: number, run: string, ordinal: number): Omit<ExtractedItemRecord, 'org_id'> => {
      const value = pick(['Acme', 'Acme', 'Globex', 110, 110, 99.5, null]);
      const failed = next() < 0.15;
      return {
        id: `itm_${doc}_${run}_${ordinal}`,
        document_id: docIds[doc],
        assessment_id: assessment.id,
        run_id: `run_${doc}_${run}`,
        ordinal,
        processor_id: 'prc_generic_fields',
        key: pick(KEYS),
        label: 'Label',
        occurrence_index: 0,
        value_type: 'string',
        value_state: pick(['present', 'present', 'present', 'inferred', 'absent', 'unreadable'] as const),
        value,
        value_text: value === null ? null : String(value),
        raw_text: null,
        extracted: { value, value_text: null, raw_text: null, value_state: 'present' },
        confidence: {
          overall: next() < 0.1 ? null : Math.round(next() * 100) / 100,
          ocr: null,
          extraction: null,
          level: null,
          method: 'pattern_rule',
          calibrated: false,
        },
        provenance: { quote: '', text_source: 'native', anchors: [] },
        candidates: [],
        validation_status: pick(STATUSES),
        validation: {
          checks: failed ? [{ id: 'c', severity: pick(['error', 'warning'] as const), passed: false, message: 'fails' }] : [],
          blockers: [],
          decided_by: null,
          decided_at: null,
          decision_source: null,
          note: null,
        },
        current_correction_id: null,
        is_corrected: false,
        version: 1,
        superseded_by: null,
        created_at: T,
        updated_at: T,
      };
    };
    for (const doc of [0, 1, 2, 4])
      await ctx.repos.items.insertMany(
        org.id,
        Array.from({ length: 60 }, (_, n) => item(doc, 'a', n)),
      );
    await expectSameAnswers(ctx, assessment);

    // Review: validate, reject and correct a third of the items, some twice.
    const current = await ctx.repos.items.listCurrent(org.id, docIds);
    for (const i of current.filter(() => next() < 0.35)) {
      const status = pick(['validated', 'rejected', 'corrected', 'needs_review'] as const);
      expect(
        await ctx.repos.items.update(org.id, i.id, i.version, {
          validation_status: status,
          updated_at: T,
          is_corrected: status === 'corrected',
          value: 'Acme',
        }),
      ).toBe(true);
    }
    await expectSameAnswers(ctx, assessment);

    // A rerun of document 1: its items are superseded by a new run's.
    for (const i of await ctx.repos.items.listCurrent(org.id, [docIds[1]])) await ctx.repos.items.supersede(org.id, i.id, 'run_1_b', T);
    await ctx.repos.items.insertMany(
      org.id,
      Array.from({ length: 45 }, (_, n) => item(1, 'b', n)),
    );
    await expectSameAnswers(ctx, assessment);

    // A document deleted with its items.
    await ctx.repos.items.deleteByDocuments(org.id, [docIds[2]]);
    await h.db.deleteFrom('source_documents').where('id', '=', docIds[2]).execute();
    await expectSameAnswers(ctx, assessment);
  });
});
