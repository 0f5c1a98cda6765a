/**
 * The assessment area (no /v1 prefix): assessments, source documents, extracted items,
 * corrections, processors, batches and exporters. Registered inside the authenticated scope:
 * the same bearer token and `X-Org-Slug` handling as /v1.
 */
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../route-context.js';
import { registerAssessmentCaseRoutes } from './assessments/assessments.routes.js';
import { registerBatchRoutes } from './batches/batches.routes.js';
import { registerCorrectionRoutes } from './corrections/corrections.routes.js';
import { registerExporterRoutes } from './exporters/exporters.routes.js';
import { registerMissingItemRoutes } from './extracted-items/missing-items.routes.js';
import { registerIssuerMemoryRoutes } from './issuer-memory/issuer-memories.routes.js';
import { registerExtractedItemRoutes } from './extracted-items/extracted-items.routes.js';
import { registerPageImageRoutes } from './page-images/page-images.routes.js';
import { registerPageWordRoutes } from './page-images/page-words.routes.js';
import { registerProcessorRoutes } from './processors/processors.routes.js';
import { registerSourceDocumentRoutes } from './uploads/source-documents.routes.js';

export function registerAssessmentRoutes(app: FastifyInstance, deps: RouteDeps): void {
  registerAssessmentCaseRoutes(app, deps);
  registerSourceDocumentRoutes(app, deps);
  registerPageImageRoutes(app, deps);
  registerPageWordRoutes(app, deps);
  registerExtractedItemRoutes(app, deps);
  registerMissingItemRoutes(app, deps);
  registerCorrectionRoutes(app, deps);
  registerIssuerMemoryRoutes(app, deps);
  registerProcessorRoutes(app, deps);
  registerBatchRoutes(app, deps);
  registerExporterRoutes(app, deps);
}
