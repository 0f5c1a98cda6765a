/**
 * What a document's Word template needs and the document does not give (issue #30): a field it
 * prints that is empty, a name it reads that nothing provides, a section placeholder of a
 * section the document does not have. Judged from the names the template's inspection recorded
 * when it was stored (no tenant text is parsed here) against the document as it is now. Shown,
 * never blocking: the export still fills, with those places empty.
 */
import type { ReadinessGap } from '../../../pipeline/readiness.js';
import type { WordTemplateReport } from '../../../word-template/word-template-types.js';
import type { DocumentInputs } from './load-document-inputs.js';

/** Namespaces every template sees whatever the document holds. */
const ALWAYS = new Set(['document', 'organization', 'today', 'now', 'sources', 'snippets', 'variables', 'synthesized', 'synthesis', 'locale', 'sections']);

type Inputs = Pick<DocumentInputs, 'fields' | 'computations' | 'dataNeeds' | 'sections'>;

/** The document's names of each namespace a template reads key by key. */
function namesOf(inputs: Inputs) {
  return {
    fields: new Map(inputs.fields.map((f) => [f.key, f])),
    computed: new Set(Object.keys(inputs.computations)),
    gathered: new Set(inputs.dataNeeds.map((n) => n.outputKey)),
    sections: new Set(inputs.sections.map((s) => s.key)),
  };
}

function gap(kind: ReadinessGap['kind'], message: string, subject: Pick<ReadinessGap, 'subjectType' | 'subjectId' | 'key'>, needsInput = false): ReadinessGap {
  return { kind, message, ...subject, blocking: false, ...(needsInput ? { needsInput } : {}) };
}

/** One name the template reads (`client`, `fields.client`, `computed.total`): its gap, or null when the document provides it. */
function nameGap(path: string, names: ReturnType<typeof namesOf>): ReadinessGap | null {
  const [head, member] = path.split('.');
  const fieldKey = head === 'fields' ? member : names.gathered.has(head) ? undefined : head;
  const field = fieldKey === undefined ? undefined : names.fields.get(fieldKey);
  if (field) {
    return field.value.trim() === ''
      ? gap(
          'word_template_value_missing',
          `The Word template prints "${field.label ?? field.key}", which is empty`,
          {
            subjectType: 'field',
            subjectId: field.id,
            key: field.key,
          },
          true,
        )
      : null;
  }
  const provided =
    ALWAYS.has(head) ||
    names.gathered.has(head) ||
    (head === 'gathered' && (member === undefined || names.gathered.has(member))) ||
    (head === 'computed' && (member === undefined || names.computed.has(member)));
  if (provided || head === 'fields') return null;
  return gap('word_template_name_unknown', `The Word template reads "${path}", which this document does not provide: it prints empty`, {
    subjectType: 'word_template',
    subjectId: path,
    key: path,
  });
}

export function wordTemplateGaps(report: WordTemplateReport, inputs: Inputs): ReadinessGap[] {
  const names = namesOf(inputs);
  const gaps = report.names.map((use) => nameGap(use.name, names)).filter((g): g is ReadinessGap => g !== null);
  for (const key of new Set(report.sections)) {
    if (!names.sections.has(key))
      gaps.push(
        gap('word_template_name_unknown', `The Word template places the section "${key}", which this document does not have`, {
          subjectType: 'word_template',
          subjectId: `section:${key}`,
          key,
        }),
      );
  }
  return gaps;
}
