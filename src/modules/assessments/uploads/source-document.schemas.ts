/** Wire schemas of source documents (§4.2): the record, its list, upload answers, the pre-check verdict. */
import { Type } from 'typebox';
import { Nullable, Ref, StringEnum } from '../../../kernel/schema.js';
import { Timestamp, UploadProblem } from '../wire-common.schemas.js';
import { FILE_KINDS, ProcessingStatus, ReviewStatus, TEXT_LAYERS } from '../wire-enums.js';

const Count = Type.Integer({ minimum: 0 });

export const SourceDocument = Type.Object(
  {
    id: Type.String({ description: '`sdoc_` id: a source file, not a /v1 document' }),
    organization_id: Type.String(),
    assessment_id: Nullable(Type.String({ description: 'null for an organization-level (batchable) document' })),
    filename: Type.String(),
    declared_mime_type: Nullable(Type.String()),
    mime_type: Type.String({ description: 'The sniffed type' }),
    kind: StringEnum(FILE_KINDS),
    size_bytes: Count,
    sha256: Type.String(),
    page_count: Nullable(Type.Integer({ minimum: 0 })),
    text_layer: Nullable(StringEnum(TEXT_LAYERS)),
    duplicate_of: Nullable(Type.String({ description: 'The earlier document with the same content hash' })),
    processing_status: ProcessingStatus,
    skip_reason: Nullable(Type.String({ description: 'duplicate, unsupported_type or excluded' })),
    review_status: ReviewStatus,
    processor_id: Nullable(Type.String()),
    processor_version: Nullable(Type.String()),
    latest_run_id: Nullable(Type.String()),
    item_counts: Type.Object({ total: Count, pending: Count, needs_review: Count, auto_validated: Count, validated: Count, corrected: Count, rejected: Count }),
    problems: Type.Array(Ref(UploadProblem), { description: 'Warnings and notes of the upload check' }),
    content_url: Type.String({ description: 'Where the original bytes are served' }),
    uploaded_by: Nullable(Type.String()),
    created_at: Timestamp(),
    updated_at: Timestamp(),
  },
  { $id: 'SourceDocument', description: 'An uploaded source file of the assessment area (`sdoc_` id)' },
);

export const SourceDocumentPage = Type.Object(
  { documents: Type.Array(Ref(SourceDocument)), next_cursor: Nullable(Type.String({ description: 'Pass as `cursor` for the next page; null on the last' })) },
  { $id: 'SourceDocumentPage' },
);

export const RejectedFile = Type.Object(
  { filename: Type.String(), problems: Type.Array(Ref(UploadProblem)) },
  { $id: 'RejectedFile', description: 'A file the upload check refused; nothing of it was stored' },
);

export const UploadResult = Type.Object(
  { documents: Type.Array(Ref(SourceDocument)), rejected_files: Type.Array(Ref(RejectedFile)) },
  { $id: 'UploadResult', description: 'The accepted documents (processing queued) and the refused files' },
);

export const UploadVerdict = Type.Object(
  {
    valid: Type.Boolean({ description: 'no error-severity problem among the checks that ran' }),
    decided: Type.Boolean({
      description:
        'false when a check could not finish (out of time or memory): `valid` then covers only the checks that ran, and a `not_inspected` warning names the one that did not; processing reads the file with its own budget or fails with a clear message',
    }),
    filename: Type.String(),
    declared: Type.Object({ mime_type: Nullable(Type.String()), extension: Nullable(Type.String()) }),
    detected: Type.Object({ mime_type: Type.String(), kind: Nullable(StringEnum(FILE_KINDS)), extension: Type.String() }),
    size_bytes: Count,
    page_count: Nullable(Type.Integer({ minimum: 0 })),
    encrypted: Type.Boolean(),
    text_layer: Nullable(StringEnum(TEXT_LAYERS)),
    form_fields: Nullable(Type.Object({ count: Count, filled: Count }, { description: "A PDF's AcroForm fields" })),
    problems: Type.Array(Ref(UploadProblem)),
    limits: Type.Object({
      max_size_bytes: Count,
      max_pages: Count,
      accepted_kinds: Type.Array(StringEnum(FILE_KINDS)),
      max_zip_ratio: Type.Number(),
      max_uncompressed_bytes: Count,
      max_zip_entries: Count,
    }),
  },
  { $id: 'UploadVerdict', description: 'Whether a file would be accepted, and why not (200 either way)' },
);

export const SOURCE_DOCUMENT_SCHEMAS = [SourceDocument, SourceDocumentPage, RejectedFile, UploadResult, UploadVerdict];
