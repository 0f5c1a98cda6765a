/**
 * Examples of the main /v1 operations, by operationId. @fastify/swagger resolves a `$ref` body or
 * response schema and drops its siblings, so examples written beside `Ref(…)` in a route would be
 * lost; they are put on the finished document's media types here instead.
 */
type Example = Record<string, unknown>;
interface OperationExamples {
  request?: Example;
  responses?: Record<string, Example>;
}

const EXAMPLES: Record<string, OperationExamples> = {
  createDocument: { request: { templateId: 'engagement-letter', title: 'Engagement letter for Acme', fields: { client: 'Acme Ltd', fee: 12000 } } },
  putFields: { request: { fields: { client: 'Acme Ltd', fee: 12000, start_date: '2026-01-15' } } },
  getReadiness: {
    responses: {
      200: {
        generation_should_proceed: false,
        ui_state: 'needs_input',
        gaps: [
          {
            kind: 'required_field_missing',
            message: 'Required field "client" is empty',
            subjectType: 'field',
            subjectId: 'fld_01',
            key: 'client',
            blocking: true,
            needsInput: true,
          },
        ],
      },
    },
  },
  generate: {
    request: { preserveEdited: true },
    responses: { 200: { started: true, alreadyRunning: false, documentId: 'doc_01', progressUrl: '/v1/documents/doc_01/progress' } },
  },
  createTemplate: {
    request: {
      slug: 'nda-memo',
      title: 'NDA memo',
      fields: [{ key: 'client', label: 'Client', isRequired: true }],
      sections: [{ key: 'summary', title: 'Summary', render_mode: 'templated', output_template: 'An NDA for {{ client }}.' }],
    },
  },
};

type Operation = {
  operationId?: string;
  requestBody?: { content?: Record<string, Example> };
  responses?: Record<string, { content?: Record<string, Example> }>;
};

/** Adds the examples to the JSON media types of their operations (in place). */
export function addOperationExamples(document: { paths?: Record<string, unknown> }): void {
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item as Record<string, Operation>)) {
      const examples = operation.operationId ? EXAMPLES[operation.operationId] : undefined;
      if (!examples) continue;
      const json = operation.requestBody?.content?.['application/json'];
      if (examples.request && json) json.example = examples.request;
      for (const [status, example] of Object.entries(examples.responses ?? {})) {
        const media = operation.responses?.[status]?.content?.['application/json'];
        if (media) media.example = example;
      }
    }
  }
}
