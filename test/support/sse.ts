/**
 * Reading a progress stream in tests: `collectEvents` uses the real `eventsource` client (what
 * a browser does) until a terminal event; `readRawStream` reads the raw HTTP body to its end,
 * proving the server closed the stream.
 */
import { EventSource } from 'eventsource';

export interface ProgressEvent {
  event: string;
  seq: number;
  runId: number;
  ts: number;
  [key: string]: unknown;
}

const TERMINAL = new Set(['pipeline_finished', 'pipeline_failed', 'pipeline_blocked']);

export function collectEvents(url: string, token: string, options: { org?: string; lastEventId?: string; timeoutMs?: number } = {}): Promise<ProgressEvent[]> {
  return new Promise((resolve, reject) => {
    const events: ProgressEvent[] = [];
    const source = new EventSource(url, {
      fetch: (input, init) =>
        fetch(input, {
          ...init,
          headers: {
            ...(init?.headers as Record<string, string>),
            authorization: `Bearer ${token}`,
            ...(options.org ? { 'x-org-slug': options.org } : {}),
            ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}),
          },
        }),
    });
    const timer = setTimeout(() => {
      source.close();
      reject(new Error(`no terminal event within ${options.timeoutMs ?? 30_000} ms; got ${events.map((e) => e.event).join(', ')}`));
    }, options.timeoutMs ?? 30_000);
    source.onmessage = (message) => {
      const event = JSON.parse(message.data) as ProgressEvent;
      events.push(event);
      if (TERMINAL.has(event.event)) {
        clearTimeout(timer);
        source.close();
        resolve(events);
      }
    };
  });
}

/** Reads the whole response body of a stream request; resolves when the server ends it. */
export async function readRawStream(
  url: string,
  headers: Record<string, string>,
  timeoutMs = 30_000,
): Promise<{ status: number; contentType: string | null; text: string }> {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
  return { status: response.status, contentType: response.headers.get('content-type'), text: await response.text() };
}

/** The `data:` frames of a raw SSE body, parsed. */
export function framesOf(text: string): ProgressEvent[] {
  return text
    .split('\n\n')
    .map((frame) => frame.split('\n').find((line) => line.startsWith('data: ')))
    .filter((line): line is string => line !== undefined)
    .map((line) => JSON.parse(line.slice(6)) as ProgressEvent);
}
