/** The organization's texts (phrase atoms): a key, a typed value and optional templates. */
import { useMemo } from 'react';
import { can } from '../../shell/can';
import { useReadySession } from '../../shell/session';
import { type Text, createText, deleteText, listTexts, updateText } from './library-api';
import { type CollectionSpec, LibraryCollection } from './library-collection';
import { type FieldSpec, type FormValues, linesOf, optional } from './record-form';

const VALUE_TYPES = ['string', 'text', 'number', 'integer', 'boolean', 'date', 'email', 'url', 'enum'] as const;
type ValueType = (typeof VALUE_TYPES)[number];

const FIELDS: readonly FieldSpec[] = [
  { key: 'key', label: 'Key', kind: 'text', required: true, hint: 'Unique in the organization; templates refer to the text by it.' },
  { key: 'value', label: 'Value', kind: 'textarea', required: true },
  { key: 'valueType', label: 'Value type', kind: 'select', options: VALUE_TYPES.map((type) => ({ value: type, label: type })) },
  { key: 'name', label: 'Name', kind: 'text' },
  { key: 'description', label: 'Description', kind: 'textarea' },
  { key: 'headingTemplate', label: 'Heading template', kind: 'text', hint: 'Jinja; must parse.' },
  { key: 'narrativeTemplate', label: 'Narrative template', kind: 'textarea', hint: 'Jinja; must parse.' },
  { key: 'bullets', label: 'Bullets', kind: 'lines' },
];

function bodyOf(values: FormValues) {
  return {
    key: values.key ?? '',
    value: values.value ?? '',
    valueType: (values.valueType || 'string') as ValueType,
    name: optional(values.name),
    description: optional(values.description),
    headingTemplate: optional(values.headingTemplate),
    narrativeTemplate: optional(values.narrativeTemplate),
    bullets: linesOf(values.bullets),
  };
}

export function TextsPage() {
  const session = useReadySession();
  const mayEdit = can(session.role, 'library.edit');
  const spec = useMemo<CollectionSpec<Text>>(
    () => ({
      title: 'Texts',
      noun: 'text',
      intro: 'Phrase atoms the templates reuse: a key, a typed value, and optional heading and narrative templates.',
      fields: FIELDS,
      columns: [
        { header: 'Key', cell: (text) => <code>{text.key}</code> },
        { header: 'Value', cell: (text) => text.value },
        { header: 'Type', cell: (text) => text.valueType },
        { header: 'Name', cell: (text) => text.name ?? '' },
      ],
      nameOf: (text) => text.key,
      blank: { valueType: 'string' },
      valuesOf: (text) => ({
        key: text.key,
        value: text.value,
        valueType: text.valueType,
        name: text.name ?? '',
        description: text.description ?? '',
        headingTemplate: text.headingTemplate ?? '',
        narrativeTemplate: text.narrativeTemplate ?? '',
        bullets: text.bullets.join('\n'),
      }),
      list: listTexts,
      filterLabel: 'Key or name contains',
      create: (client, values) => createText(client, bodyOf(values)),
      update: (client, id, values) => updateText(client, id, bodyOf(values)),
      remove: deleteText,
      mayEdit,
      readOnlyReason: `Your role (${session.role ?? 'none'}) can read the library but not change it.`,
    }),
    [mayEdit, session.role],
  );
  return <LibraryCollection spec={spec} />;
}
