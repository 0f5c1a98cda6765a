/**
 * The organization's webhooks (owners only): a URL, the events it receives, on or off. The
 * signing secret is answered once, on create, so the page shows it then and never again. Each
 * row links to the webhook's deliveries, test ping and secret rotation.
 */
import { useMemo } from 'react';
import { can } from '../../shell/can';
import { Link } from '../../shell/router';
import { useReadySession } from '../../shell/session';
import { type Webhook, type WebhookBody, createWebhook, deleteWebhook, listWebhooks, updateWebhook } from './library-api';
import { type CollectionSpec, LibraryCollection } from './library-collection';
import { type FieldSpec, type FormValues, linesOf, optional } from './record-form';
import { OwnersOnly } from './owners-only';

const EVENTS: readonly WebhookBody['events'][number][] = [
  'generation.finished',
  'generation.failed',
  'generation.blocked',
  'extraction.finished',
  'extraction.failed',
  'batch.finished',
  'batch.failed',
];

const FIELDS: readonly FieldSpec[] = [
  { key: 'url', label: 'URL', kind: 'text', required: true, hint: 'Where the events are POSTed.' },
  { key: 'events', label: 'Events', kind: 'checks', required: true, options: EVENTS.map((event) => ({ value: event, label: event })) },
  { key: 'description', label: 'Description', kind: 'text' },
  {
    key: 'enabled',
    label: 'State',
    kind: 'select',
    options: [
      { value: 'true', label: 'enabled' },
      { value: 'false', label: 'disabled' },
    ],
  },
];

function bodyOf(values: FormValues) {
  return { url: values.url ?? '', events: linesOf(values.events) as WebhookBody['events'], description: optional(values.description) };
}

export function WebhooksPage() {
  const session = useReadySession();
  const mayManage = can(session.role, 'webhooks.manage');
  const spec = useMemo<CollectionSpec<Webhook>>(
    () => ({
      title: 'Webhooks',
      noun: 'webhook',
      intro: "Endpoints told when generations, extractions and batches end, each request signed with the webhook's secret.",
      fields: FIELDS,
      columns: [
        { header: 'URL', cell: (hook) => <code>{hook.url}</code> },
        { header: 'Events', cell: (hook) => hook.events.join(', ') },
        { header: 'State', cell: (hook) => (hook.enabled ? 'enabled' : 'disabled') },
        { header: 'Description', cell: (hook) => hook.description ?? '' },
      ],
      nameOf: (hook) => hook.url,
      blank: { enabled: 'true' },
      valuesOf: (hook) => ({ url: hook.url, events: hook.events.join('\n'), description: hook.description ?? '', enabled: String(hook.enabled) }),
      list: listWebhooks,
      filterLabel: 'Address contains',
      create: async (client, values) => {
        const created = await createWebhook(client, bodyOf(values));
        if (values.enabled === 'false') await updateWebhook(client, created.id, { enabled: false });
        return `Created the webhook. Its signing secret, shown only now: ${created.secret}`;
      },
      update: (client, id, values) => updateWebhook(client, id, { ...bodyOf(values), enabled: values.enabled !== 'false' }),
      remove: deleteWebhook,
      mayEdit: mayManage,
      readOnlyReason: '',
      rowActions: (hook) => (
        <Link to={`/library/webhooks/${encodeURIComponent(hook.id)}`} className="button button-quiet" aria-label={`Deliveries of webhook ${hook.url}`}>
          Deliveries
        </Link>
      ),
    }),
    [mayManage],
  );
  if (!mayManage) return <OwnersOnly title="Webhooks" role={session.role} />;
  return <LibraryCollection spec={spec} />;
}
