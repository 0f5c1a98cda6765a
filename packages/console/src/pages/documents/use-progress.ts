/**
 * A run's progress as the page shows it: the events of the stream so far, in order, and the
 * connection's state. The client's `followProgress` resumes a cut stream once (Last-Event-ID);
 * a console stays open much longer than a CLI call, so when that one retry is spent too it
 * starts following again from the last event seen, a few more times, saying so on the page.
 * A re-read (the page following the document's stream again after a run ended, or after a change
 * made elsewhere) keeps the timeline shown until the stream says otherwise: a replayed event that
 * is already shown changes nothing, and only a new run's first event replaces the old run's list
 * (ADR 0766), so the list never empties in between.
 */
import { type ProgressEvent, ProgressStreamInterrupted, type QuireClient, followProgress, isTerminal } from '@quire/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { withEvent } from './timeline-events';

export type StreamState = 'idle' | 'following' | 'reconnecting' | 'done' | 'lost';

/** Fresh follows after the client's own reconnect is spent, before the page gives up. */
const RESUMES = 5;

export function useProgress(client: QuireClient, documentId: string, onTerminal: (event: ProgressEvent) => void) {
  const [events, setEvents] = useState<ProgressEvent[]>([]);
  const [state, setState] = useState<StreamState>('idle');
  const [error, setError] = useState<unknown>(undefined);
  const abort = useRef<AbortController | null>(null);
  const terminal = useRef(onTerminal);
  terminal.current = onTerminal;

  /** `clear`: the user just started a run, so the old timeline goes now; otherwise it is a re-read. */
  const follow = useCallback(
    (clear: boolean) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      if (clear) setEvents([]);
      setError(undefined);
      setState('following');
      void (async () => {
        let lastSeq: number | undefined;
        for (let attempt = 0; attempt <= RESUMES; attempt += 1) {
          try {
            for await (const event of followProgress(client, documentId, { lastEventId: lastSeq, signal: controller.signal, reconnectDelayMs: 500 })) {
              if (controller.signal.aborted) return;
              lastSeq = event.seq;
              setState('following');
              setEvents((previous) => withEvent(previous, event));
              if (isTerminal(event)) {
                setState('done');
                terminal.current(event);
                return;
              }
            }
          } catch (failure) {
            if (controller.signal.aborted) return;
            if (failure instanceof ProgressStreamInterrupted && attempt < RESUMES) {
              setState('reconnecting');
              await new Promise((resolve) => setTimeout(resolve, 1000));
              continue;
            }
            setError(failure);
            setState('lost');
            return;
          }
        }
      })();
    },
    [client, documentId],
  );

  useEffect(() => () => abort.current?.abort(), []);
  return { events, state, error, follow };
}
