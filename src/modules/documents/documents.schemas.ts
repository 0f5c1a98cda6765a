/** Wire schemas of documents, fields and lifecycle state, under the contract's exact names. */
import { Type } from 'typebox';
import { Nullable, Ref } from '../../kernel/schema.js';
import { NextCursor } from '../paging.js';

/** A field value as sent: any JSON scalar; it is stored as its string form. */
const FieldValueInput = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()], {
  description: 'coerced to a string: 12 → "12", true → "true"',
});

export const CreateDocumentBody = Type.Object(
  {
    templateId: Type.String({ minLength: 1, description: 'id (or slug) of the template to instantiate' }),
    title: Type.Optional(Nullable(Type.String())),
    fields: Type.Optional(Type.Record(Type.String(), FieldValueInput, { description: 'key → value; values are coerced to strings' })),
  },
  { $id: 'CreateDocumentBody', additionalProperties: false },
);

export const UpdateDocumentBody = Type.Object(
  {
    title: Type.Optional(Nullable(Type.String({ description: 'when sent, must be non-empty and not blank' }))),
    description: Type.Optional(Nullable(Type.String({ description: 'null clears it' }))),
    isTemplate: Type.Optional(Nullable(Type.Boolean({ description: 'true promotes to template, false demotes to instance' }))),
  },
  { $id: 'UpdateDocumentBody', additionalProperties: false },
);

export const FieldsBody = Type.Object(
  { fields: Type.Record(Type.String(), FieldValueInput, { description: 'merged by key' }) },
  { $id: 'FieldsBody', additionalProperties: false },
);

export const FieldModel = Type.Object(
  {
    id: Type.String({ description: 'stable id used to delete the field' }),
    key: Type.String(),
    value: Type.String(),
    valueType: Type.Optional(Type.String({ default: 'string' })),
    isRequired: Type.Optional(Type.Boolean({ default: false })),
    label: Type.Optional(Nullable(Type.String())),
    description: Type.Optional(Nullable(Type.String())),
    options: Type.Optional(
      Type.Array(Type.String(), { description: 'the allowed values of an enum field (only enum fields that define them carry this key); any other value is refused with 422' }),
    ),
  },
  { $id: 'FieldModel' },
);

export const FieldsResponse = Type.Object({ fields: Type.Array(Ref(FieldModel)), nextCursor: NextCursor }, { $id: 'FieldsResponse' });

export const StateBody = Type.Object(
  { state: Type.String({ description: 'draft, under-review or finalized' }) },
  { $id: 'StateBody', additionalProperties: false },
);

export const DeleteFieldResponse = Type.Object({ ok: Type.Boolean() }, { $id: 'DeleteFieldResponse' });

/** Why a generated section is stale: section-diff's cause vocabulary and the path that changed. */
const StaleCause = Type.Object({
  cause: Type.String({ description: 'fields, gathered, corrections, computed, library, document, template, voice, brief, model, tool, … (as a snapshot diff names causes)' }),
  path: Type.String({ description: 'A read path (`fields.client`, `gathered.report`, `computed.total`, `snippets.<key>`), `definition.<attribute>`, `voice`, `brief`, `models`, or an input of an out-of-date gathered value (`tool.<name>`, `models.gather`, `assessment.<id>.<item>`, `dataNeeds.<key>`)' }),
  via: Type.Optional(Type.String({ description: 'The gathered or computed value the section read through which `path` reaches it (that row is re-gathered by the next run); absent when the section read `path` itself' })),
});

/** A presented section with its derived staleness (the detail's and the section list's rows). */
export const SectionWithStaleness = Type.Object(
  {
    id: Type.String(),
    staleBecause: Type.Optional(
      Type.Array(StaleCause, { description: 'Present on a section whose output came from a run (status `generated` or `stale`): what it read then that differs now; empty when current' }),
    ),
  },
  { additionalProperties: true },
);

/** The document detail every route returning it answers with (`GET`, `POST`, `PATCH`, `PUT /fields`, `PUT /state`). */
export const DocumentDetail = Type.Object({ sections: Type.Array(SectionWithStaleness) }, { additionalProperties: true });

export const DOCUMENT_SCHEMAS = [CreateDocumentBody, UpdateDocumentBody, FieldsBody, FieldModel, FieldsResponse, StateBody, DeleteFieldResponse];
