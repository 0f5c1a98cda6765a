/**
 * Keeps a view current (issue 33 item 1, ADR 0591): follows the document's live stream (or the
 * organization's, without a document id) and calls `onChange` when something the view shows
 * changed, whoever changed it and from whichever tab or device. Changes arriving within
 * `COALESCE_MS` of each other make one call, so a run's stream of progress batches re-reads
 * the page a few times a second at most, not once per event. The view re-reads what it shows;
 * the events only say that something changed.
 */
import { type LiveEvent, type QuireClient, followLive } from '@quire/client';
import { useEffect, useRef } from 'react';

const COALESCE_MS = 250;

export function useLiveChanges(
  client: QuireClient,
  target: { documentId?: string },
  onChange: (events: LiveEvent[]) => void,
  concerns: (event: LiveEvent) => boolean = () => true,
): void {
  // The latest callbacks, without reopening the stream each render.
  const handlers = useRef({ onChange, concerns });
  handlers.current = { onChange, concerns };
  const { documentId } = target;

  useEffect(() => {
    const abort = new AbortController();
    let pending: LiveEvent[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      const events = pending;
      pending = [];
      if (events.length > 0 && !abort.signal.aborted) handlers.current.onChange(events);
    };
    void (async () => {
      try {
        for await (const event of followLive(client, { documentId, signal: abort.signal })) {
          if (!handlers.current.concerns(event)) continue;
          pending.push(event);
          timer ??= setTimeout(flush, COALESCE_MS);
        }
      } catch {
        // Aborted on leaving the page, or refused (signed out, document deleted): the page's own
        // reads say why; the view is simply no longer live.
      }
    })();
    return () => {
      abort.abort();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [client, documentId]);
}
