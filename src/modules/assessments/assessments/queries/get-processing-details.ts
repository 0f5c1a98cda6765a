/** `GET /assessments/{id}/document-processing-details` (§4.9): per document, the latest run, pages and history. */
import type { Static } from 'typebox';
import type { ProcessingDetails } from '../assessment.schemas.js';
import type { CommandContext } from '../../../context.js';
import type { Grade } from '../../../../extraction/types.js';
import { presentRun } from '../../processing/processing-run.presenter.js';
import { itemCounts, reviewStatus } from '../../uploads/source-document.presenter.js';
import { requireAssessment } from '../require-assessment.js';

const GRADES: Grade[] = ['poor', 'fair', 'good', 'excellent'];

/** @throws NotFoundError when the assessment is absent or foreign. */
export async function getProcessingDetails(ctx: CommandContext, assessmentId: string): Promise<Static<typeof ProcessingDetails>> {
  const assessment = await requireAssessment(ctx, assessmentId);
  const orgId = ctx.actor.org.orgId;
  const repos = ctx.repos;
  const docs = await repos.sourceDocuments.listByAssessment(orgId, assessment.id);
  const counts = await ctx.repos.items.countByDocument(
    orgId,
    docs.map((d) => d.id),
  );
  const grades: Grade[] = [];
  let pages = 0;
  let ocrPages = 0;
  const documents: Static<typeof ProcessingDetails>['documents'] = [];
  for (const doc of docs) {
    const runs = await repos.processingRuns.listByDocument(orgId, doc.id);
    const latest = runs.find((r) => r.id === doc.latest_run_id) ?? runs.at(-1);
    for (const p of latest?.pages ?? []) {
      pages += 1;
      if (p.method === 'ocr') ocrPages += 1;
      if (p.grade) grades.push(p.grade);
    }
    documents.push({
      document_id: doc.id,
      filename: doc.filename,
      mime_type: doc.mime_type,
      size_bytes: doc.size_bytes,
      sha256: doc.sha256,
      page_count: doc.page_count,
      // A plain text column; the writers only store the values of the enum.
      processing_status: doc.processing_status as Static<typeof ProcessingDetails>['documents'][number]['processing_status'],
      skip_reason: doc.skip_reason,
      review_status: reviewStatus(doc, itemCounts(counts[doc.id])),
      latest_run: latest ? presentRun(latest) : null,
      pages: latest?.pages ?? [],
      errors: latest?.errors ?? [],
      run_history: runs.map((r) => ({ id: r.id, status: r.status, trigger: r.trigger, finished_at: r.finished_at })),
    });
  }
  const ranks = grades.map((g) => GRADES.indexOf(g));
  const mean = ranks.length > 0 ? GRADES[Math.round(ranks.reduce((a, b) => a + b, 0) / ranks.length)] : null;
  const low = ranks.length > 0 ? GRADES[Math.min(...ranks)] : null;
  return {
    assessment_id: assessment.id,
    documents,
    summary: {
      documents: docs.length,
      pages,
      ocr_pages: ocrPages,
      failed: docs.filter((d) => d.processing_status === 'failed').length,
      mean_grade: mean,
      low_grade: low,
    },
  };
}
