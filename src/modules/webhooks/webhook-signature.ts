/**
 * Signing per Standard Webhooks (standardwebhooks.com): the secret is `whsec_` + base64 of
 * random bytes; the signature is `v1,` + base64 HMAC-SHA256, keyed with the decoded bytes, of
 * `${webhook-id}.${webhook-timestamp}.${body}`. Receivers verify with any Standard Webhooks
 * library, or with these few lines of their own.
 */
import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/** A new signing secret (24 random bytes). */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

/** The `webhook-signature` header value for one message. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The three headers of a signed delivery. */
export function webhookHeaders(secret: string, id: string, timestampSeconds: number, body: string): Record<string, string> {
  return { 'webhook-id': id, 'webhook-timestamp': String(timestampSeconds), 'webhook-signature': signWebhook(secret, id, timestampSeconds, body) };
}
