/** The organization's voices: writing styles the generator imitates, each with sample passages. */
import { useMemo } from 'react';
import { can } from '../../shell/can';
import { useReadySession } from '../../shell/session';
import { type Voice, createVoice, deleteVoice, listVoices, updateVoice } from './library-api';
import { type CollectionSpec, LibraryCollection } from './library-collection';
import { type FieldSpec, type FormValues, linesOf, optional } from './record-form';

const FIELDS: readonly FieldSpec[] = [
  { key: 'name', label: 'Name', kind: 'text', required: true, hint: 'Unique in the organization.' },
  { key: 'description', label: 'Description', kind: 'textarea' },
  { key: 'samples', label: 'Sample passages', kind: 'lines', hint: 'One passage per line.' },
];

function bodyOf(values: FormValues) {
  return { name: values.name ?? '', description: optional(values.description), samples: linesOf(values.samples) };
}

export function VoicesPage() {
  const session = useReadySession();
  const mayEdit = can(session.role, 'library.edit');
  const spec = useMemo<CollectionSpec<Voice>>(
    () => ({
      title: 'Voices',
      noun: 'voice',
      intro: 'Writing styles: a name, what the style is, and passages written in it.',
      fields: FIELDS,
      columns: [
        { header: 'Name', cell: (voice) => voice.name },
        { header: 'Description', cell: (voice) => voice.description ?? '' },
        { header: 'Samples', cell: (voice) => voice.samples.length },
      ],
      nameOf: (voice) => voice.name,
      blank: {},
      valuesOf: (voice) => ({ name: voice.name, description: voice.description ?? '', samples: voice.samples.join('\n') }),
      list: listVoices,
      create: (client, values) => createVoice(client, bodyOf(values)),
      update: (client, id, values) => updateVoice(client, id, bodyOf(values)),
      remove: deleteVoice,
      mayEdit,
      readOnlyReason: `Your role (${session.role ?? 'none'}) can read the library but not change it.`,
    }),
    [mayEdit, session.role],
  );
  return <LibraryCollection spec={spec} />;
}
