/** The wire shapes of merge runs (`/v1/templates/{slug}/merge-runs…`, `/v1/merge-runs…`). */
import { Type } from 'typebox';
import { Nullable, Ref, StringEnum } from '../../kernel/schema.js';
import { MERGE_LIMITS } from './merge-table.js';
import { MERGE_PROGRESS_SCHEMAS } from './merge-progress.schemas.js';

const FORMATS = ['docx', 'pdf'] as const;
export const RUN_STATUSES = ['queued', 'running', 'finished', 'failed', 'cancelled'] as const;
export type MergeRunStatus = (typeof RUN_STATUSES)[number];
/** The orders the runs list offers (a subset of the library lists' `sort`, ADR 0681). */
export const RUN_SORTS = ['newest', 'oldest'] as const;
export const ROW_STATUSES = ['pending', 'done', 'failed'] as const;

const Format = StringEnum(FORMATS, { description: 'what each row becomes: a .docx (export.docx) or a PDF (export.pdf)' });
const FileNamePattern = Type.String({
  minLength: 1,
  maxLength: 500,
  description:
    "Each file's name: `{{ field_key }}` is replaced by the row's value, `{{ row }}` by its number; unsafe characters become `_`, repeats get ` (2)`. Default `<template slug>-{{ row }}`",
});
const Mapping = Type.Record(Type.String(), Nullable(Type.String()), {
  description:
    'column → field key (null leaves the column out); columns not named are matched to a field by key, then by label (case, spaces, _ and - ignored)',
});
const Cell = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]);

export const MergeRunBody = Type.Object(
  {
    rows: Type.Array(Type.Record(Type.String(), Cell), { minItems: 1, maxItems: MERGE_LIMITS.maxRows, description: 'one object per row: column → value' }),
    format: Type.Optional(Format),
    fileNamePattern: Type.Optional(FileNamePattern),
    mapping: Type.Optional(Mapping),
  },
  // Not a named component: it is documented inline as the JSON form of a multipart route (an unreferenced component is a lint warning).
  { additionalProperties: false },
);

/** The multipart form (documented only; the route reads it part by part). */
export const MergeRunForm = Type.Object({
  file: Type.String({ format: 'binary', description: 'a CSV or .xlsx file: the first row names the columns (an .xlsx is read from its first sheet)' }),
  format: Type.Optional(Format),
  fileNamePattern: Type.Optional(FileNamePattern),
  mapping: Type.Optional(Type.String({ description: 'the mapping as JSON text' })),
});

const ColumnMapping = Type.Object({
  column: Type.String(),
  field: Nullable(Type.String()),
  by: Nullable(StringEnum(['mapping', 'key', 'label'] as const)),
});
const RowProblem = Type.Object({
  row: Type.Integer(),
  field: Type.String(),
  kind: StringEnum(['invalid', 'missing'] as const, {
    description: 'invalid: can never fit the field (refuses the run); missing: a required value is blank (that row fails)',
  }),
  message: Type.String(),
});

export const MergePreview = Type.Object(
  {
    template: Type.Object({ id: Type.String(), slug: Nullable(Type.String()), title: Type.String() }),
    rowCount: Type.Integer(),
    columns: Type.Array(ColumnMapping),
    unmappedColumns: Type.Array(Type.String()),
    missingRequired: Type.Array(Type.String(), { description: 'required fields no column fills and the template has no default for' }),
    fileNamePattern: Type.String(),
    rows: Type.Array(Type.Object({ row: Type.Integer(), fileName: Type.String(), fields: Type.Record(Type.String(), Type.String()) }), {
      description: 'the first rows as they would be filled and named',
    }),
    problems: Type.Array(RowProblem, { description: 'the first 100 problems' }),
    problemCount: Type.Integer(),
    refusal: Nullable(Type.String(), { description: 'why starting this request would answer 422, or null' }),
  },
  { $id: 'MergePreview' },
);

export const MergeRun = Type.Object(
  {
    id: Type.String(),
    templateId: Type.String(),
    templateSlug: Type.String(),
    format: StringEnum<readonly string[]>(FORMATS),
    fileNamePattern: Type.String(),
    status: StringEnum<readonly string[]>(RUN_STATUSES),
    total: Type.Integer(),
    done: Type.Integer(),
    failed: Type.Integer(),
    pending: Type.Integer(),
    error: Nullable(Type.String()),
    createdBy: Nullable(Type.String()),
    createdAt: Type.String(),
    startedAt: Nullable(Type.String()),
    finishedAt: Nullable(Type.String()),
    progressUrl: Type.String(),
    resultUrl: Type.String(),
  },
  { $id: 'MergeRun' },
);

export const MergeRunRow = Type.Object(
  {
    row: Type.Integer(),
    status: StringEnum<readonly string[]>(ROW_STATUSES),
    fileName: Type.String(),
    documentId: Nullable(Type.String()),
    error: Nullable(Type.String(), { description: 'why the row failed' }),
    attempts: Type.Integer(),
    sizeBytes: Nullable(Type.Integer()),
    fields: Type.Record(Type.String(), Type.String()),
  },
  { $id: 'MergeRunRow' },
);

export const MergeRunRef = Ref(MergeRun);

export const MERGE_SCHEMAS = [MergePreview, MergeRun, MergeRunRow, ...MERGE_PROGRESS_SCHEMAS];
