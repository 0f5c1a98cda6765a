/**
 * The organization's snippets: ordered bundles of texts and risk blocks a document binds. The
 * items are edited as lines "text:<key>" or "risk_block:<key>" (their order is the snippet's);
 * saving writes the snippet, then replaces its items; a new snippet whose items are refused is
 * deleted again, so the refusal (shown with the server's message) leaves nothing behind.
 */
import { useMemo } from 'react';
import { can } from '../../shell/can';
import { useReadySession } from '../../shell/session';
import { type Snippet, type SnippetItemInput, createSnippet, deleteSnippet, listSnippets, setSnippetItems, updateSnippet } from './library-api';
import { type CollectionSpec, LibraryCollection } from './library-collection';
import { type FieldSpec, type FormValues, linesOf, optional } from './record-form';

const FIELDS: readonly FieldSpec[] = [
  { key: 'key', label: 'Key', kind: 'text', required: true, hint: 'Unique in the organization.' },
  { key: 'name', label: 'Name', kind: 'text' },
  { key: 'description', label: 'Description', kind: 'textarea' },
  { key: 'phaseOrder', label: 'Phase order', kind: 'text', hint: 'A whole number; lower phases come first.' },
  { key: 'items', label: 'Items', kind: 'lines', hint: 'One per line, in order: text:<key> or risk_block:<key>.' },
];

/** "text:greeting" → a text item; a line without a known type prefix is sent as a text, and the server names the key it cannot find. */
function itemsOf(value: string | undefined): SnippetItemInput[] {
  return linesOf(value).map((line) => {
    const match = /^(text|risk_block)\s*:\s*(.+)$/.exec(line);
    return match ? { itemType: match[1] as SnippetItemInput['itemType'], itemKey: match[2].trim() } : { itemType: 'text', itemKey: line };
  });
}

/** The phase order as a number; a value that is not one is sent as it is, for the server's 422 at the field. */
function phaseOrderOf(value: string | undefined): number {
  const trimmed = (value ?? '').trim();
  if (trimmed === '') return 0;
  const number = Number(trimmed);
  return (Number.isFinite(number) ? number : trimmed) as number;
}

function bodyOf(values: FormValues) {
  return { key: values.key ?? '', name: optional(values.name), description: optional(values.description), phaseOrder: phaseOrderOf(values.phaseOrder) };
}

export function SnippetsPage() {
  const session = useReadySession();
  const mayEdit = can(session.role, 'library.edit');
  const spec = useMemo<CollectionSpec<Snippet>>(
    () => ({
      title: 'Snippets',
      noun: 'snippet',
      intro: 'Ordered bundles of texts and risk blocks; a document binds a snippet to use them.',
      fields: FIELDS,
      columns: [
        { header: 'Key', cell: (snippet) => <code>{snippet.key}</code> },
        { header: 'Name', cell: (snippet) => snippet.name ?? '' },
        { header: 'Phase', cell: (snippet) => snippet.phaseOrder },
        {
          header: 'Items',
          cell: (snippet) => (snippet.items.length === 0 ? 'none' : snippet.items.map((item) => `${item.itemType}:${item.itemKey}`).join(', ')),
        },
      ],
      nameOf: (snippet) => snippet.key,
      blank: { phaseOrder: '0' },
      valuesOf: (snippet) => ({
        key: snippet.key,
        name: snippet.name ?? '',
        description: snippet.description ?? '',
        phaseOrder: String(snippet.phaseOrder),
        items: snippet.items.map((item) => `${item.itemType}:${item.itemKey}`).join('\n'),
      }),
      list: listSnippets,
      filterLabel: 'Key or name contains',
      create: async (client, values) => {
        const created = await createSnippet(client, bodyOf(values));
        const items = itemsOf(values.items);
        if (items.length === 0) return;
        try {
          await setSnippetItems(client, created.id, items);
        } catch (refused) {
          // Two calls make one create: undo the first so a refused item leaves nothing behind.
          await deleteSnippet(client, created.id).catch(() => undefined);
          throw refused;
        }
      },
      update: async (client, id, values) => {
        await updateSnippet(client, id, bodyOf(values));
        await setSnippetItems(client, id, itemsOf(values.items));
      },
      remove: deleteSnippet,
      mayEdit,
      readOnlyReason: `Your role (${session.role ?? 'none'}) can read the library but not change it.`,
    }),
    [mayEdit, session.role],
  );
  return <LibraryCollection spec={spec} />;
}
