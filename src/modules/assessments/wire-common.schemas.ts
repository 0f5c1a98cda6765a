/**
 * Named schemas shared by several assessment-area resources: provenance (D3, D4), confidence
 * (D5), upload problems, processing errors and warnings (§4.9), the `{ok}` answer of deletes.
 * Parts stored as JSON columns are declared with `additionalProperties: true`: records written
 * before a key existed must still serialize, and later keys must not be dropped.
 */
import { Type } from 'typebox';
import { Nullable, Ref, StringEnum } from '../../kernel/schema.js';
import { Severity } from './wire-enums.js';

export const TEXT_SOURCES = ['text_layer', 'ocr', 'acroform', 'native'] as const;
export const stored = { additionalProperties: true } as const;

/** An RFC 3339 UTC time (no `format`: the request validators run without ajv-formats). */
export function Timestamp(options: Record<string, unknown> = {}) {
  return Type.String({ description: 'RFC 3339 UTC time', ...options });
}

export const NormalizedBox = Type.Object(
  { x: Type.Number(), y: Type.Number(), w: Type.Number(), h: Type.Number() },
  { $id: 'NormalizedBox', description: 'A box normalised to [0,1], top-left origin (D4)' },
);

const PageRegionAnchor = Type.Object(
  {
    kind: Type.Literal('page_region'),
    page_number: Type.Integer({ minimum: 1 }),
    page_size: Type.Optional(Type.Object({ width: Type.Number(), height: Type.Number(), unit: StringEnum(['pt', 'px']) }, stored)),
    boxes: Type.Optional(Type.Array(Ref(NormalizedBox))),
    coord_origin: Type.Optional(StringEnum(['top_left'])),
  },
  { ...stored, description: 'Region(s) of a rendered page' },
);
const TextSpanAnchor = Type.Object(
  {
    kind: Type.Literal('text_span'),
    start: Type.Integer(),
    end: Type.Integer(),
    unit: Type.Optional(StringEnum(['utf16'])),
    text_ref: Type.Optional(Type.String()),
  },
  { ...stored, description: "A span of the run's plain text in UTF-16 code units" },
);
const SheetCellAnchor = Type.Object(
  { kind: Type.Literal('sheet_cell'), sheet: Type.String(), ref: Type.String(), row: Type.Integer(), column: Type.Integer() },
  { ...stored, description: 'A spreadsheet cell or CSV field (1-based row and column)' },
);
const DocxBlockAnchor = Type.Object(
  {
    kind: Type.Literal('docx_block'),
    block_index: Type.Integer(),
    block_type: StringEnum(['paragraph', 'table_cell']),
    table: Type.Optional(Type.Object({ t: Type.Integer(), r: Type.Integer(), c: Type.Integer() })),
    start: Type.Integer(),
    end: Type.Integer(),
  },
  { ...stored, description: 'A paragraph or table cell of the .docx body' },
);

export const ProvenanceAnchor = Type.Union([PageRegionAnchor, TextSpanAnchor, SheetCellAnchor, DocxBlockAnchor], {
  $id: 'ProvenanceAnchor',
  description: 'Where a value was read, discriminated on `kind` (D3)',
});

export const Provenance = Type.Object(
  {
    quote: Type.String({ description: 'The verbatim text' }),
    text_source: Type.Optional(StringEnum(TEXT_SOURCES)),
    anchors: Type.Array(Ref(ProvenanceAnchor)),
  },
  { ...stored, $id: 'Provenance' },
);

export const Confidence = Type.Object(
  {
    overall: Nullable(Type.Number({ minimum: 0, maximum: 1 })),
    ocr: Type.Optional(Nullable(Type.Number())),
    extraction: Type.Optional(Nullable(Type.Number())),
    level: Type.Optional(Nullable(StringEnum(['high', 'medium', 'low']))),
    method: Type.Optional(Type.String({ description: 'How the number was made (label_proximity_rule, pattern_rule, acroform, table_cell, llm, …)' })),
    calibrated: Type.Optional(Type.Boolean()),
  },
  { ...stored, $id: 'Confidence', description: 'Decomposed confidence in [0,1]; null means unknown (D5)' },
);

export const UploadProblem = Type.Object(
  {
    code: Type.String({
      description:
        'unsupported_type, type_mismatch, too_large, too_many_pages, encrypted, corrupt, empty, macro_enabled, zip_bomb_suspected, needs_ocr, image_too_large (an image whose header declares absurd dimensions), not_inspected (a check could not finish: no verdict on the file)',
    }),
    severity: Severity,
    message: Type.String(),
  },
  { ...stored, $id: 'UploadProblem' },
);

export const ProcessingError = Type.Object(
  {
    code: Type.String(),
    category: Type.String({ description: 'policy, capacity, source_unavailable, timeout, internal, backend_failure, inference_failure or unknown' }),
    component: Type.Optional(Type.String()),
    message: Type.String(),
    page_number: Type.Optional(Nullable(Type.Integer())),
  },
  { ...stored, $id: 'ProcessingError' },
);

export const ProcessingWarning = Type.Object(
  { code: Type.String(), message: Type.String(), page_number: Type.Optional(Nullable(Type.Integer())) },
  { ...stored, $id: 'ProcessingWarning' },
);

export const OkResponse = Type.Object({ ok: Type.Boolean() }, { $id: 'AssessmentAreaOk', description: 'The record was removed' });

export const COMMON_SCHEMAS = [NormalizedBox, ProvenanceAnchor, Provenance, Confidence, UploadProblem, ProcessingError, ProcessingWarning, OkResponse];
