/** The assessment area's repositories over the context's database handle (the transaction inside one). */
import type { CommandContext } from '../context.js';
import { AssessmentRepository } from './assessments/assessment.repository.js';
import { BatchRepository } from './batches/batch.repository.js';
import { CorrectionRepository } from './corrections/correction.repository.js';
import { ExtractedItemRepository } from './extracted-items/extracted-item.repository.js';
import { ProcessingRunRepository } from './processing/processing-run.repository.js';
import { SourceDocumentRepository } from './uploads/source-document.repository.js';

export interface AssessmentRepos {
  assessments: AssessmentRepository;
  documents: SourceDocumentRepository;
  runs: ProcessingRunRepository;
  items: ExtractedItemRepository;
  corrections: CorrectionRepository;
  batches: BatchRepository;
}

/** Repositories bound to `ctx.db`. */
export function reposOf(ctx: Pick<CommandContext, 'db'>): AssessmentRepos {
  return {
    assessments: new AssessmentRepository(ctx.db),
    documents: new SourceDocumentRepository(ctx.db),
    runs: new ProcessingRunRepository(ctx.db),
    items: new ExtractedItemRepository(ctx.db),
    corrections: new CorrectionRepository(ctx.db),
    batches: new BatchRepository(ctx.db),
  };
}
