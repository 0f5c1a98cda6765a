/** Wire schemas of documents, fields and lifecycle state, under the contract's exact names. */
import { Type } from 'typebox';
import { LIMITS } from '../../kernel/limits.js';
import { CheckedByUseCase, Nullable, Ref, StringEnum } from '../../kernel/schema.js';
import { NextCursor, PageQueryProperties } from '../paging.js';
import { DataNeed } from './data-needs/data-needs.schemas.js';
import { VALUE_TYPES } from './fields/field-values.js';
import { LIFECYCLE_STATES } from './lifecycle.js';
import { Section } from './sections/sections.schemas.js';

/** A field value as sent: any JSON scalar; it is stored as its string form. */
const FieldValueInput = Type.Union([Type.String({ maxLength: LIMITS.fieldValueChars }), Type.Number(), Type.Boolean(), Type.Null()], {
  description: `coerced to a string: 12 → "12", true → "true"; at most ${LIMITS.fieldValueChars} characters`,
});

/** key → value, bounded: at most `LIMITS.fieldsPerRequest` keys of at most `LIMITS.fieldKeyChars` characters. */
const FieldValueMap = (description: string) =>
  Type.Record(Type.String(), FieldValueInput, {
    description: `${description}; at most ${LIMITS.fieldsPerRequest} keys per request and ${LIMITS.fieldsPerDocument} fields per document`,
    maxProperties: LIMITS.fieldsPerRequest,
    propertyNames: { maxLength: LIMITS.fieldKeyChars },
  });

export const CreateDocumentBody = Type.Object(
  {
    templateId: Type.String({ minLength: 1, description: 'id (or slug) of the template to instantiate' }),
    title: Type.Optional(Nullable(Type.String({ maxLength: LIMITS.titleChars }))),
    fields: Type.Optional(FieldValueMap('key → value; values are coerced to strings')),
  },
  { $id: 'CreateDocumentBody', additionalProperties: false },
);

export const UpdateDocumentBody = Type.Object(
  {
    title: Type.Optional(Nullable(Type.String({ maxLength: LIMITS.titleChars, description: 'when sent, must be non-empty and not blank' }))),
    description: Type.Optional(Nullable(Type.String({ maxLength: LIMITS.textValueChars, description: 'null clears it' }))),
    isTemplate: Type.Optional(Nullable(Type.Boolean({ description: 'true promotes to template, false demotes to instance' }))),
  },
  { $id: 'UpdateDocumentBody', additionalProperties: false },
);

export const FieldsBody = Type.Object({ fields: FieldValueMap('merged by key') }, { $id: 'FieldsBody', additionalProperties: false });

export const FieldModel = Type.Object(
  {
    id: Type.String({ description: 'stable id used to delete the field' }),
    key: Type.String(),
    value: Type.String(),
    valueType: Type.Optional(StringEnum<readonly string[]>(VALUE_TYPES, { default: 'string' })),
    isRequired: Type.Optional(Type.Boolean({ default: false })),
    label: Type.Optional(Nullable(Type.String())),
    description: Type.Optional(Nullable(Type.String())),
    options: Type.Optional(
      Type.Array(Type.String(), {
        description: 'the allowed values of an enum field (only enum fields that define them carry this key); any other value is refused with 422',
      }),
    ),
  },
  { $id: 'FieldModel' },
);

export const FieldsResponse = Type.Object({ fields: Type.Array(Ref(FieldModel)), nextCursor: NextCursor }, { $id: 'FieldsResponse' });

// The lifecycle command checks the state and names the set in its 422.
export const StateBody = Type.Object(
  { state: CheckedByUseCase(StringEnum<readonly string[]>(LIFECYCLE_STATES, { description: 'draft, under-review or finalized' })) },
  { $id: 'StateBody', additionalProperties: false },
);

export const DeleteFieldResponse = Type.Object({ ok: Type.Boolean() }, { $id: 'DeleteFieldResponse' });

/** The document header: what every document and template is, without what it owns. */
export const DocumentHeader = Type.Object(
  {
    id: Type.String(),
    slug: Nullable(Type.String({ description: 'unique per organization; templates are addressed by it' })),
    title: Type.String(),
    description: Nullable(Type.String()),
    isTemplate: Type.Boolean(),
    templateId: Nullable(Type.String({ description: 'the template it was instantiated from' })),
    state: StringEnum<readonly string[]>(LIFECYCLE_STATES, { description: 'lifecycle state' }),
    createdAt: Type.String(),
    updatedAt: Type.String(),
  },
  { $id: 'DocumentHeader' },
);

/** A list entry of `GET /v1/documents` and `GET /v1/templates`: the header and its field map. */
export const DocumentSummary = Type.Object(
  { ...DocumentHeader.properties, fields: Type.Record(Type.String(), Type.String(), { description: 'field key → value' }) },
  { $id: 'DocumentSummary' },
);

/** A source the sections can cite as `[n]`, numbered as render and export number them. */
export const Source = Type.Object(
  {
    n: Type.Integer({ description: 'the citation number' }),
    outputKey: Type.String({ description: 'the data-need whose gathered value it is' }),
    title: Type.String(),
    kind: Type.String(),
    url: Nullable(Type.String()),
    tool: Nullable(Type.String()),
    documentId: Nullable(Type.String()),
    page: Nullable(Type.Integer()),
    quote: Nullable(Type.String()),
  },
  { $id: 'Source' },
);

/** A decision the latest run computed (issue 31): its outcome, the rule that fired and the inputs that decided it. */
export const Decision = Type.Object(
  {
    key: Type.String({ description: 'templates read it as decisions.<key>' }),
    label: Type.String({ description: 'what is decided' }),
    status: StringEnum(['decided', 'undetermined']),
    outcome: Nullable(Type.String({ description: 'null when undetermined' })),
    outcomeLabel: Nullable(Type.String()),
    reasons: Type.Array(Type.String()),
    rule: Type.Union([
      Type.Null(),
      Type.Object({
        index: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'the rule that fired (0-based); null: `otherwise`' }),
        when: Type.Unknown({ description: 'its JsonLogic condition (null for otherwise)' }),
      }),
    ]),
    inputs: Type.Array(Type.Object({ name: Type.String(), from: Type.String(), value: Type.Unknown() }), { description: 'the values the rules saw' }),
    error: Nullable(Type.String({ description: 'why it could not be evaluated' })),
  },
  { $id: 'Decision' },
);

/** The keys of a document detail, for answers that add to it (`PUT …/spec` adds the report). */
export const documentDetailProperties = {
  document: Ref(DocumentHeader),
  sections: Type.Array(Ref(Section), { description: 'in order' }),
  sources: Type.Array(Ref(Source)),
  fields: Type.Array(Ref(FieldModel)),
  dataNeeds: Type.Array(Ref(DataNeed), { description: 'in ordinal order' }),
  decisions: Type.Optional(
    Type.Array(Ref(Decision), { description: "the decisions of the latest run, in the template's order (absent before a run computed any)" }),
  ),
};

/** A document (or template) with what it owns; also the wrapper `POST /v1/documents` answers with. */
export const DocumentDetail = Type.Object(documentDetailProperties, { $id: 'DocumentDetail' });

export const DOCUMENT_SCHEMAS = [
  CreateDocumentBody,
  UpdateDocumentBody,
  FieldsBody,
  FieldModel,
  FieldsResponse,
  StateBody,
  DeleteFieldResponse,
  DocumentHeader,
  DocumentSummary,
  Source,
  Decision,
  DocumentDetail,
];

/** The orders `GET /v1/documents` lists in (docs/adr/0552-documents-newest-first.md). */
export const DOCUMENT_LIST_ORDERS = ['oldest', 'newest'] as const;

/** What `q` matches and in what order (docs/adr/0251-document-title-search.md). */
const SEARCH_DESCRIPTION =
  'only documents whose title contains this text, from three characters, or has a word starting with it, for one or two letters or digits ' +
  '(letters compared without case; blank: no filter). The title that is the text comes first, then titles starting with it, then with a ' +
  'word starting with it, then the rest; oldest first within each. The text is never search syntax: quotes, `*` or `-` match themselves.';

const ORDER = Type.Optional(
  StringEnum<readonly string[]>(DOCUMENT_LIST_ORDERS, {
    default: 'oldest',
    description:
      'oldest (the default) or newest created first, the same across pages; with `q` the search keeps its own order (best match first, oldest first within a match)',
  }),
);

/** `GET /v1/documents`: a page, optionally only the documents whose title matches `q` (best match first) or in one lifecycle state. */
export const ListDocumentsQuery = Type.Object({
  ...PageQueryProperties,
  q: Type.Optional(Type.String({ maxLength: 200, description: SEARCH_DESCRIPTION })),
  state: Type.Optional(StringEnum<readonly string[]>(LIFECYCLE_STATES, { description: 'only documents in this lifecycle state' })),
  order: ORDER,
});

/** `GET /v1/templates`: the same title search and order as the documents list (docs/adr/0682-templates-list-search-and-order.md). */
export const ListTemplatesQuery = Type.Object({
  ...PageQueryProperties,
  q: Type.Optional(Type.String({ maxLength: 200, description: SEARCH_DESCRIPTION.replace('only documents', 'only templates') })),
  order: ORDER,
});
