/**
 * The port webhook deliveries go out through: a URL check and one POST. The implementation
 * (adapters/webhooks) applies the SSRF guard of tool calls on both — registration refuses a URL
 * the guard would refuse, and every delivery is checked again and connects to the address that
 * was checked — so a tenant cannot aim Quire at its own network through a webhook.
 */

/** What one POST came to: the endpoint's answer, or why there was none. */
export type WebhookPostOutcome =
  { kind: 'response'; status: number; bodyExcerpt: string; durationMs: number } | { kind: 'error'; error: string; durationMs: number };

export interface WebhookTransport {
  /**
   * Why the URL may not be called (the guard's sentence), or null when it may. A host name that
   * does not resolve is refused unless `acceptUnresolved` (a tool registration: the name is
   * checked again at every call).
   */
  refusal(url: string, check?: { acceptUnresolved?: boolean }): Promise<string | null>;
  /**
   * Posts `body` with `headers`, bounded by `timeoutMs`; never follows a redirect (a 3xx is an
   * answer like any other). Never throws: a refused URL, a timeout or a connection error is an
   * `error` outcome. The body excerpt is bounded (`WEBHOOK_RESPONSE_EXCERPT_CHARS`).
   */
  post(url: string, request: { headers: Record<string, string>; body: string; timeoutMs: number }): Promise<WebhookPostOutcome>;
}

/** Characters of an endpoint's answer kept with an attempt. */
export const WEBHOOK_RESPONSE_EXCERPT_CHARS = 1_000;
