/**
 * A local HTTP server that answers each request with the next scripted step (the last step
 * repeats), recording what it received: the client's retry and reconnect rules are tested
 * against real sockets, failures included.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export type Step = (response: http.ServerResponse, request: http.IncomingMessage) => void;

export interface ScriptedServer {
  url: string;
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

export async function startScriptedServer(steps: Step[]): Promise<ScriptedServer> {
  const requests: ReceivedRequest[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      steps[Math.min(requests.length - 1, steps.length - 1)](response, request);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Step =>
  (response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };

/** Drops the connection without an answer: a transport failure for the client. */
export const hangUp: Step = (_response, request) => {
  request.socket.destroy();
};

/** An SSE answer: writes the frames, then ends the stream (`end: true`) or leaves it open. */
export const sse =
  (frames: Array<Record<string, unknown> & { seq: number }>, options: { end: boolean; prelude?: string } = { end: true }): Step =>
  (response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write(options.prelude ?? ': connected\n\n');
    for (const frame of frames) response.write(`id: ${frame.seq}\ndata: ${JSON.stringify(frame)}\n\n`);
    if (options.end) response.end();
  };

/** A progress frame of run 1. */
export const frame = (seq: number, event: string, extra: Record<string, unknown> = {}) => ({ event, seq, runId: 1, ts: 1_700_000_000 + seq, ...extra });
