/**
 * A webhook receiver on loopback for tests: records every request, verifies its Standard
 * Webhooks signature with its own implementation (not Quire's), and answers with the statuses
 * scripted per path (then 200).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  id: string;
  timestamp: number;
  signatureValid: boolean;
  body: { id: string; type: string; timestamp: string; organization: string; data: Record<string, unknown> };
}

/**
 * The Standard Webhooks check: HMAC-SHA256 keyed with the base64 bytes after `whsec_`, over
 * `${id}.${timestamp}.${body}`; the header may list several `v1,<base64>` signatures; the
 * timestamp must be within five minutes.
 */
export function verifyStandardWebhook(secret: string, headers: http.IncomingHttpHeaders, rawBody: string): boolean {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') return false;
  if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${rawBody}`).digest();
  return signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    if (version !== 'v1' || signature === undefined) return false;
    const given = Buffer.from(signature, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

export interface WebhookReceiver {
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** The secret the requests to `path` are verified with. */
  secrets: Map<string, string>;
  /** Statuses to answer on `path`, one per request, before answering 200. */
  script: Map<string, number[]>;
  on(path: string): ReceivedWebhook[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const secrets = new Map<string, string>();
  const script = new Map<string, number[]>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '/';
      received.push({
        path,
        id: String(request.headers['webhook-id']),
        timestamp: Number(request.headers['webhook-timestamp']),
        signatureValid: verifyStandardWebhook(secrets.get(path) ?? '', request.headers, raw),
        body: JSON.parse(raw) as ReceivedWebhook['body'],
      });
      const status = script.get(path)?.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status < 300 ? `ok ${path}` : `scripted failure ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    secrets,
    script,
    on: (path) => received.filter((r) => r.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
