/** The progress follower's client rules, against a local server scripting the stream. */
import { afterEach, describe, expect, it } from 'vitest';
import { ProgressDeadlineExceeded, ProgressStreamInterrupted, QuireApiError, createQuireClient, followProgress, type ProgressEvent } from '../src/index.js';
import { type ScriptedServer, frame, json, sse, startScriptedServer } from './support/scripted-server.js';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function follow(steps: Parameters<typeof startScriptedServer>[0], options: Parameters<typeof followProgress>[2] = {}) {
  server = await startScriptedServer(steps);
  // Every request the client makes, counted as it is made (the server sees one only when it arrives).
  const fetches: string[] = [];
  const counting = (request: Request) => {
    fetches.push(request.url);
    return fetch(request);
  };
  const client = createQuireClient({ baseUrl: server.url, token: 't0k', retry: { baseDelayMs: 10 }, fetch: counting });
  const events: ProgressEvent[] = [];
  const outcome = (async () => {
    for await (const event of followProgress(client, 'doc_1', { reconnectDelayMs: 20, ...options })) events.push(event);
  })();
  return { server, events, outcome, fetches };
}

describe('followProgress', () => {
  it('reconnects once with Last-Event-ID after a cut, dropping replayed seqs, and stops at the terminal event', async () => {
    const { server, events, outcome } = await follow([
      sse([frame(1, 'pipeline_started'), frame(2, 'gather_started'), frame(3, 'render_started', { sectionId: 'sec_1' })]),
      sse([
        frame(2, 'gather_started'),
        frame(3, 'render_started', { sectionId: 'sec_1' }),
        frame(4, 'verify_started'),
        frame(5, 'pipeline_finished', { readiness: { complete: true, missingPlaceholders: [] }, unsupported_sections: [] }),
      ]),
    ]);
    await outcome;
    expect(events.map((e) => [e.seq, e.event])).toEqual([
      [1, 'pipeline_started'],
      [2, 'gather_started'],
      [3, 'render_started'],
      [4, 'verify_started'],
      [5, 'pipeline_finished'],
    ]);
    expect(server.requests.map((r) => r.headers['last-event-id'])).toEqual([undefined, '3']);
    expect(server.requests[0].url).toBe('/v1/documents/doc_1/progress');
  });

  it('resumes from a given cursor', async () => {
    const { server, events, outcome } = await follow([sse([frame(8, 'pipeline_failed', { error: 'model unavailable' })])], { lastEventId: 7 });
    await outcome;
    expect(events.map((e) => e.event)).toEqual(['pipeline_failed']);
    expect(server.requests[0].headers['last-event-id']).toBe('7');
  });

  it('ends at a terminal event even when the server keeps the connection open', async () => {
    const { server, events, outcome } = await follow([
      sse(
        [frame(1, 'pipeline_started'), frame(2, 'pipeline_blocked', { readiness: { generation_should_proceed: false, ui_state: 'needs_input', gaps: [] } })],
        { end: false },
      ),
    ]);
    await outcome;
    expect(events.map((e) => e.event)).toEqual(['pipeline_started', 'pipeline_blocked']);
    expect(server.requests).toHaveLength(1);
  });

  it('reconnects only once: a second cut is an error', async () => {
    const { server, events, outcome } = await follow([
      sse([frame(1, 'pipeline_started')]),
      sse([frame(2, 'gather_started')]),
      sse([frame(3, 'pipeline_finished')]),
    ]);
    await expect(outcome).rejects.toBeInstanceOf(ProgressStreamInterrupted);
    expect(events.map((e) => e.seq)).toEqual([1, 2]);
    expect(server.requests).toHaveLength(2);
  });

  it('does not retry after a deadline miss', async () => {
    const { server, events, outcome, fetches } = await follow([sse([frame(1, 'pipeline_started')], { end: false })], { deadlineMs: 300 });
    await expect(outcome).rejects.toBeInstanceOf(ProgressDeadlineExceeded);
    // The follower has ended: a retry would have been made (and counted) before it gave up.
    expect(fetches).toEqual([`${server.url}/v1/documents/doc_1/progress`]);
    expect(events.map((e) => e.seq)).toEqual([1]);
    expect(server.requests).toHaveLength(1);
  });

  it('surfaces an HTTP error (a foreign document: 404) without reconnecting', async () => {
    const { server, outcome } = await follow([json(404, { detail: 'document not found' })]);
    await expect(outcome).rejects.toBeInstanceOf(QuireApiError);
    await expect(outcome).rejects.toMatchObject({ status: 404, detail: 'document not found' });
    expect(server.requests).toHaveLength(1);
  });

  it('ignores heartbeats and event kinds it does not know', async () => {
    const { events, outcome } = await follow([
      sse(
        [
          frame(1, 'pipeline_started'),
          frame(2, 'brand_new_kind'),
          frame(3, 'pipeline_finished', { readiness: { complete: true, missingPlaceholders: [] }, unsupported_sections: [] }),
        ],
        { end: true, prelude: ': keep-alive\n\n: keep-alive\r\n\r\n' },
      ),
    ]);
    await outcome;
    expect(events.map((e) => e.event)).toEqual(['pipeline_started', 'pipeline_finished']);
  });
});
