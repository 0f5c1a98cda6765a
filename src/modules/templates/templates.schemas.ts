/** Wire schemas of templates: the compile report and what create and replace answer with. */
import { Type } from 'typebox';
import { Nullable, Ref } from '../../kernel/schema.js';
import { DocumentDetail, documentDetailProperties } from '../documents/documents.schemas.js';

export const SpecIssue = Type.Object(
  { path: Type.String({ description: 'JSON pointer into the spec, `/sections/0/render_mode`' }), message: Type.String() },
  { $id: 'SpecIssue' },
);

/** What the spec compiler found: errors (nothing written), warnings (written anyway) and counts. */
export const CompileReport = Type.Object(
  {
    valid: Type.Boolean(),
    errors: Type.Array(Ref(SpecIssue)),
    warnings: Type.Array(Ref(SpecIssue), { description: 'for example an existing library key skipped on create' }),
    summary: Type.Object({
      fields: Type.Integer(),
      sections: Type.Integer(),
      dataNeeds: Type.Integer(),
      texts: Type.Integer(),
      snippets: Type.Integer(),
      riskBlocks: Type.Integer(),
      voices: Type.Integer(),
    }),
  },
  { $id: 'CompileReport' },
);

/** `POST /v1/templates`: the report, and the template unless it was a dry run. */
export const TemplateCompileResult = Type.Object(
  {
    report: Ref(CompileReport),
    template: Nullable(Ref(DocumentDetail), { description: 'null in a dry run' }),
    dryRun: Type.Boolean(),
  },
  { $id: 'TemplateCompileResult' },
);

/** `PUT /v1/templates/{slug}`: the report and the replaced template. */
export const TemplateReplaceResult = Type.Object({ report: Ref(CompileReport), template: Ref(DocumentDetail) }, { $id: 'TemplateReplaceResult' });

/** `PUT …/spec`: the applied document's detail and the compile report. */
export const AppliedSpecResponse = Type.Object({ ...documentDetailProperties, report: Ref(CompileReport) }, { $id: 'AppliedSpecResponse' });

/** `GET /v1/config-schema`. */
export const ConfigSchemaResponse = Type.Object(
  {
    schema: Type.Record(Type.String(), Type.Unknown(), { description: 'the JSON Schema of the authoring spec (TemplateSpec)' }),
    configGroups: Type.Record(Type.String(), Type.Array(Type.String()), {
      description: 'group name → its keys (fields and sections are keyed by field/section key)',
    }),
  },
  { $id: 'ConfigSchemaResponse' },
);

export const TEMPLATE_SCHEMAS = [SpecIssue, CompileReport, TemplateCompileResult, TemplateReplaceResult, AppliedSpecResponse, ConfigSchemaResponse];
