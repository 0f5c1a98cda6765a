/**
 * The organization's entities: the parties (companies, people) a document's snippet bindings
 * name by role, with attributes its texts read as roles.<role>.<attribute>. Attributes are
 * edited as "key: value" lines and sent as text; deleting an entity a binding still names is
 * refused by the server, and its reason shown.
 */
import { useMemo } from 'react';
import { can } from '../../shell/can';
import { useReadySession } from '../../shell/session';
import { type Entity, createEntity, deleteEntity, listEntities, updateEntity } from './library-api';
import { type CollectionSpec, LibraryCollection } from './library-collection';
import { type FieldSpec, type FormValues, linesOf, optional } from './record-form';

const FIELDS: readonly FieldSpec[] = [
  { key: 'name', label: 'Name', kind: 'text', required: true, hint: 'What a binding of this entity renders as.' },
  { key: 'kind', label: 'Kind', kind: 'text', hint: 'e.g. organization, person.' },
  { key: 'attributes', label: 'Attributes', kind: 'lines', hint: 'One per line: key: value (e.g. city: Berlin).' },
];

/** "city: Berlin" → {city: "Berlin"}; a line without a colon is a key with an empty value. */
function attributesOf(value: string | undefined): Record<string, string> {
  return Object.fromEntries(
    linesOf(value).map((line) => {
      const colon = line.indexOf(':');
      return colon < 0 ? [line, ''] : [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
    }),
  );
}

function bodyOf(values: FormValues) {
  return { name: values.name ?? '', kind: optional(values.kind), attributes: attributesOf(values.attributes) };
}

export function EntitiesPage() {
  const session = useReadySession();
  const mayEdit = can(session.role, 'library.edit');
  const spec = useMemo<CollectionSpec<Entity>>(
    () => ({
      title: 'Entities',
      noun: 'entity',
      intro: "The parties a document's snippets name by role (the client, the supplier), with attributes their texts read.",
      fields: FIELDS,
      columns: [
        { header: 'Name', cell: (entity) => entity.name },
        { header: 'Kind', cell: (entity) => entity.kind ?? '' },
        {
          header: 'Attributes',
          cell: (entity) =>
            Object.entries(entity.attributes)
              .map(([key, value]) => `${key}: ${String(value)}`)
              .join('; '),
        },
      ],
      nameOf: (entity) => entity.name,
      blank: {},
      valuesOf: (entity) => ({
        name: entity.name,
        kind: entity.kind ?? '',
        attributes: Object.entries(entity.attributes)
          .map(([key, value]) => `${key}: ${String(value ?? '')}`)
          .join('\n'),
      }),
      list: listEntities,
      filterLabel: 'Name or kind contains',
      create: (client, values) => createEntity(client, bodyOf(values)),
      update: (client, id, values) => updateEntity(client, id, bodyOf(values)),
      remove: deleteEntity,
      mayEdit,
      readOnlyReason: `Your role (${session.role ?? 'none'}) can read the library but not change it.`,
    }),
    [mayEdit, session.role],
  );
  return <LibraryCollection spec={spec} />;
}
