/**
 * Every named component schema of the assessment area, and its OpenAPI tags: registered once
 * in src/http/schema-registry.ts and src/http/plugins/openapi.ts.
 */
import { ASSESSMENT_SCHEMAS } from './assessments/assessment.schemas.js';
import { BATCH_SCHEMAS } from './batches/batch.schemas.js';
import { CORRECTION_SCHEMAS } from './corrections/correction.schemas.js';
import { EXPORTER_SCHEMAS } from './exporters/exporter.schemas.js';
import { ISSUER_MEMORY_SCHEMAS } from './issuer-memory/issuer-memory.schemas.js';
import { EXTRACTED_ITEM_SCHEMAS } from './extracted-items/extracted-item.schemas.js';
import { PAGE_WORD_SCHEMAS } from './page-images/page-words.schemas.js';
import { PROCESSING_RUN_SCHEMAS } from './processing/processing-run.schemas.js';
import { PROCESSOR_SCHEMAS } from './processors/processor.schemas.js';
import { SOURCE_DOCUMENT_SCHEMAS } from './uploads/source-document.schemas.js';
import { COMMON_SCHEMAS } from './wire-common.schemas.js';

export const ASSESSMENT_AREA_SCHEMAS = [
  ...COMMON_SCHEMAS,
  ...SOURCE_DOCUMENT_SCHEMAS,
  ...PROCESSING_RUN_SCHEMAS,
  ...ASSESSMENT_SCHEMAS,
  ...EXTRACTED_ITEM_SCHEMAS,
  ...CORRECTION_SCHEMAS,
  ...ISSUER_MEMORY_SCHEMAS,
  ...PROCESSOR_SCHEMAS,
  ...BATCH_SCHEMAS,
  ...EXPORTER_SCHEMAS,
  ...PAGE_WORD_SCHEMAS,
];

/** The tags of the assessment area's operations, declared with a description. */
export const ASSESSMENT_AREA_TAGS = [
  { name: 'assessments', description: 'Assessment area: case files with their uploads, reruns, completeness and processing details' },
  { name: 'source documents', description: 'Assessment area: uploaded source files (`sdoc_` ids, not /v1 documents), their pre-check and bytes' },
  { name: 'extracted items', description: 'Assessment area: values extracted from a source document, validated one by one or all at once' },
  { name: 'corrections', description: 'Assessment area: immutable, revisioned human corrections of extracted items' },
  {
    name: 'issuer memories',
    description: 'Assessment area: what reviewers taught about each issuer (field places, confirmed IBANs and VAT ids), listable and deletable',
  },
  { name: 'processors', description: 'Assessment area: the read-only processor catalog with observed accuracy' },
  { name: 'batches', description: 'Assessment area: batch processing of source documents with per-document rows' },
  { name: 'exporters', description: 'Assessment area: exports of extracted data (JSON, CSV, XLSX, /v1 data-needs)' },
];
