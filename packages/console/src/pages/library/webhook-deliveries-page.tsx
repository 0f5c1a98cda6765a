/**
 * One webhook (owners only): its delivery log — each event, whether it arrived, how many
 * attempts, what the endpoint answered and when — a test ping sent now, and a new signing
 * secret, shown once (the server never answers it again).
 */
import { useState } from 'react';
import { ErrorNotice } from '../../shell/api-errors';
import { can } from '../../shell/can';
import { formatDate } from '../../shell/format-date';
import { usePageTitle } from '../../shell/page-title';
import { Link } from '../../shell/router';
import { useReadySession } from '../../shell/session';
import { useLoad } from '../../shell/use-load';
import type { PageProps } from '../page-entry';
import { DELIVERY_STATUSES, type WebhookDelivery, getWebhook, listWebhookDeliveries, pingWebhook, rotateWebhookSecret } from './library-api';
import { OwnersOnly } from './owners-only';
import { stateLabel } from '../../shell/state-labels';
import { StatusFilter, useStatusFilter } from '../../shell/status-filter';

/** "HTTP 200", or why nothing came back ("timed out"). */
function answerOf(delivery: Pick<WebhookDelivery, 'responseStatus' | 'error'>): string {
  if (delivery.responseStatus !== null) return delivery.error ? `HTTP ${delivery.responseStatus}: ${delivery.error}` : `HTTP ${delivery.responseStatus}`;
  return delivery.error ?? '';
}

export function WebhookDeliveriesPage({ params }: PageProps) {
  const session = useReadySession();
  if (!can(session.role, 'webhooks.manage')) return <OwnersOnly title="Webhooks" role={session.role} />;
  return <Deliveries webhookId={params.webhookId} />;
}

function Deliveries({ webhookId }: { webhookId: string }) {
  usePageTitle('Webhook deliveries');
  const { client } = useReadySession();
  const hook = useLoad(() => getWebhook(client, webhookId), [client, webhookId]);
  const status = useStatusFilter(DELIVERY_STATUSES);
  const deliveries = useLoad(() => listWebhookDeliveries(client, webhookId, status), [client, webhookId, status]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const [secret, setSecret] = useState<string | undefined>(undefined);

  const ping = async () => {
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      const delivery = await pingWebhook(client, webhookId);
      setNotice(delivery.status === 'delivered' ? `Ping delivered: ${answerOf(delivery)}.` : `Ping not delivered: ${answerOf(delivery)}.`);
      deliveries.reload();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const rotate = async () => {
    if (!window.confirm('Replace the signing secret? Requests are signed with the new one from now on, so the receiver must be given it.')) return;
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      setSecret((await rotateWebhookSecret(client, webhookId)).secret);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  if (hook.state === 'failed' && !hook.data) return <ErrorNotice error={hook.error} title="Could not open the webhook" />;
  if (!hook.data) return <p role="status">Loading the webhook…</p>;
  const log = deliveries.data ?? [];
  return (
    <section aria-labelledby="webhook-title">
      <p className="crumbs">
        <Link to="/library">Library</Link> / <Link to="/library/webhooks">Webhooks</Link> /
      </p>
      <h1 id="webhook-title">Webhook deliveries</h1>
      <p>
        <code>{hook.data.url}</code> — {hook.data.enabled ? 'enabled' : 'disabled'}; events: {hook.data.events.join(', ')}
      </p>
      <div className="form-actions">
        <button type="button" disabled={busy} onClick={() => void ping()}>
          Send test ping
        </button>
        <button type="button" className="button-quiet" disabled={busy} onClick={() => void rotate()}>
          Rotate secret
        </button>
        <button type="button" className="button-quiet" disabled={busy} onClick={deliveries.reload}>
          Refresh
        </button>
      </div>
      <ErrorNotice error={error ?? deliveries.error} title="Not done" />
      <div role="status" className={notice || secret ? 'notice notice-ok' : undefined}>
        {notice}
        {secret ? (
          <>
            {notice ? ' ' : null}New signing secret, shown only now: <code data-testid="webhook-secret">{secret}</code>
          </>
        ) : null}
      </div>
      <h2>Deliveries</h2>
      <p className="hint">The latest 50, newest first. A waiting delivery is waiting for its next attempt.</p>
      <StatusFilter label="Delivery status" values={DELIVERY_STATUSES} />
      {deliveries.state === 'loading' ? <p role="status">Loading…</p> : null}
      {deliveries.data && log.length === 0 ? (
        <p className="empty">{status ? `No deliveries with the status “${stateLabel(status)}”.` : 'No deliveries yet.'}</p>
      ) : null}
      {log.length > 0 ? (
        <table className="table" data-testid="deliveries">
          <caption className="visually-hidden">Deliveries</caption>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col">Answer</th>
              <th scope="col">Time</th>
            </tr>
          </thead>
          <tbody>
            {log.map((delivery) => (
              <tr key={delivery.id}>
                <td>{delivery.event}</td>
                <td>
                  <span className={`badge badge-delivery-${delivery.status}`}>{stateLabel(delivery.status)}</span>
                  {delivery.nextAttemptAt ? <span className="hint"> next try {formatDate(delivery.nextAttemptAt)}</span> : null}
                </td>
                <td>{delivery.attempts}</td>
                <td>{answerOf(delivery)}</td>
                <td>{formatDate(delivery.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
