/**
 * ⚠ Webhook deliveries leave through the tool calls' SSRF guard ⚠ (adapters/tools/ssrf-guard.ts):
 * a tenant picks the URL, so it is checked at registration and again on every delivery (DNS may
 * have changed since), the connection goes to the checked address (guarded-fetch pins it) and a
 * redirect is never followed. `TOOL_ALLOWED_HOSTS` is the one allow-list for both.
 */
import { WEBHOOK_RESPONSE_EXCERPT_CHARS, type WebhookPostOutcome, type WebhookTransport } from '../../kernel/webhook-transport.js';
import { createGuardedFetch } from '../tools/guarded-fetch.js';
import { type HostLookup, UnresolvedHostError, UrlRefusedError, checkUrl } from '../tools/ssrf-guard.js';

/** Bytes of an answer read at most: enough for the excerpt, never a whole large body. */
const READ_BYTES = WEBHOOK_RESPONSE_EXCERPT_CHARS * 4;
/** The guarded fetch's own cap, above one socket read, so the first chunk is never refused. */
const FETCH_CAP_BYTES = 256 * 1024;

/** Reads at most `maxBytes` of a body, then lets the rest go. */
async function readHead(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let seen = 0;
  try {
    while (seen < maxBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      seen += value.length;
    }
  } catch {
    // The answer broke off (or passed the cap): what arrived is still worth keeping.
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const text = Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8');
  return text.length > WEBHOOK_RESPONSE_EXCERPT_CHARS ? `${text.slice(0, WEBHOOK_RESPONSE_EXCERPT_CHARS)}…` : text;
}

function describeError(error: unknown, timeoutMs: number): string {
  if (error instanceof UrlRefusedError) return error.message;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `no answer within ${timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`}`;
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return error instanceof Error ? `${error.message}${cause}` : String(error);
}

/** The transport over the guarded fetch; `lookup` for tests that resolve names themselves. */
export function createGuardedWebhookTransport(options: { allowedHosts: readonly string[]; lookup?: HostLookup }): WebhookTransport {
  const fetchImpl = createGuardedFetch({ allowedHosts: options.allowedHosts, maxResponseBytes: FETCH_CAP_BYTES, lookup: options.lookup });
  return {
    async refusal(url, check) {
      try {
        await checkUrl(url, { allowedHosts: options.allowedHosts, lookup: options.lookup });
        return null;
      } catch (error) {
        if (error instanceof UnresolvedHostError && check?.acceptUnresolved) return null;
        if (error instanceof UrlRefusedError) return error.message;
        throw error;
      }
    },
    async post(url, request): Promise<WebhookPostOutcome> {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      const signal = AbortSignal.timeout(request.timeoutMs);
      try {
        const response = await fetchImpl(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': 'Quire-Webhooks/1', ...request.headers },
          body: request.body,
          signal,
        });
        const bodyExcerpt = await readHead(response, READ_BYTES);
        return { kind: 'response', status: response.status, bodyExcerpt, durationMs: elapsed() };
      } catch (error) {
        return { kind: 'error', error: describeError(signal.aborted ? signal.reason : error, request.timeoutMs), durationMs: elapsed() };
      }
    },
  };
}
