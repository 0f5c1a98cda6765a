/**
 * The organization's tool registrations (owners only): the tools a generation may call — an
 * HTTP JSON endpoint, an MCP server, or a built-in. The API offers no update, so a change is a
 * delete and a new registration.
 */
import { useMemo } from 'react';
import { can } from '../../shell/can';
import { useReadySession } from '../../shell/session';
import { type ToolRegistration, createToolRegistration, deleteToolRegistration, listToolRegistrations } from './library-api';
import { type CollectionSpec, LibraryCollection } from './library-collection';
import type { FieldSpec, FormValues } from './record-form';
import { OwnersOnly } from './owners-only';

const CLASS_PATHS = ['http.json', 'mcp.http', 'builtin.date_add', 'builtin.currency_convert'] as const;

const FIELDS: readonly FieldSpec[] = [
  { key: 'name', label: 'Name', kind: 'text', required: true },
  { key: 'category', label: 'Category', kind: 'text', required: true },
  { key: 'classPath', label: 'Kind of tool', kind: 'select', options: CLASS_PATHS.map((path) => ({ value: path, label: path })) },
  { key: 'configJson', label: 'Configuration (JSON)', kind: 'textarea', hint: 'A JSON object, e.g. {"url": "https://…"}; empty for none.' },
];

/** The configuration as an object; text that is not JSON is sent as it is, for the server's 422 at the field. */
function configOf(value: string | undefined): Record<string, unknown> {
  const text = (value ?? '').trim();
  if (text === '') return {};
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return text as unknown as Record<string, unknown>;
  }
}

function bodyOf(values: FormValues) {
  return {
    name: values.name ?? '',
    category: values.category ?? '',
    classPath: (values.classPath || 'http.json') as (typeof CLASS_PATHS)[number],
    configJson: configOf(values.configJson),
  };
}

export function ToolRegistrationsPage() {
  const session = useReadySession();
  const mayManage = can(session.role, 'tools.manage');
  const spec = useMemo<CollectionSpec<ToolRegistration>>(
    () => ({
      title: 'Tool registrations',
      noun: 'tool registration',
      intro: 'Tools a generation may call. To change one, delete it and register it again.',
      fields: FIELDS,
      columns: [
        { header: 'Name', cell: (tool) => tool.name },
        { header: 'Category', cell: (tool) => tool.category },
        { header: 'Kind', cell: (tool) => <code>{tool.classPath}</code> },
        { header: 'Configuration', cell: (tool) => <code>{JSON.stringify(tool.configJson)}</code> },
      ],
      nameOf: (tool) => tool.name,
      blank: { classPath: 'http.json' },
      valuesOf: (tool) => ({ name: tool.name, category: tool.category, classPath: tool.classPath, configJson: JSON.stringify(tool.configJson, null, 2) }),
      list: listToolRegistrations,
      create: async (client, values) => {
        await createToolRegistration(client, bodyOf(values));
      },
      remove: deleteToolRegistration,
      mayEdit: mayManage,
      readOnlyReason: '',
    }),
    [mayManage],
  );
  if (!mayManage) return <OwnersOnly title="Tool registrations" role={session.role} />;
  return <LibraryCollection spec={spec} />;
}
