/**
 * The events an organization's webhooks can receive, and the envelope each is sent in. Every
 * event is a terminal moment of a background run (a generation's terminal event, a processing
 * run's end, a batch run's end, a merge run's end), so each happens once per run: its id is derived from the type
 * and the run's id, and the same event can never be delivered twice to one endpoint.
 */
import { createHash } from 'node:crypto';

/** Every event type an endpoint may subscribe to (`ping` is sent on demand only). */
export const WEBHOOK_EVENT_TYPES = [
  'generation.finished',
  'generation.failed',
  'generation.blocked',
  'extraction.finished',
  'extraction.failed',
  'batch.finished',
  'batch.failed',
  'merge.finished',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** An event as its source describes it; `data` carries ids and a summary, never a link. */
export interface WebhookEvent {
  type: WebhookEventType | 'ping';
  /** What makes the event unique for its type (the run's id): the event id derives from it. */
  sourceId: string;
  data: Record<string, unknown> & { summary: string };
}

/** The JSON body every delivery sends (the Standard Webhooks `type`/`timestamp`/`data` shape). */
export interface WebhookEnvelope {
  id: string;
  type: string;
  timestamp: string;
  organization: string;
  data: Record<string, unknown>;
}

/** The event's id: the same for the same type and source, so a retry of the source adds nothing. */
export function webhookEventId(type: string, sourceId: string): string {
  return `evt_${createHash('sha256').update(`${type}\u0000${sourceId}`).digest('hex').slice(0, 26)}`;
}

/** The delivery's id: one per (endpoint, event). */
export function webhookDeliveryId(endpointId: string, eventId: string): string {
  return `whd_${createHash('sha256').update(`${endpointId}\u0000${eventId}`).digest('hex').slice(0, 26)}`;
}
