/**
 * A reverse proxy on loopback that passes everything through to a server, except that it cuts
 * the first `cuts` progress streams (`…/progress`, text/event-stream) right after their first
 * event, closing them before the run has ended — as a load balancer's time limit does. It
 * records each stream request's Last-Event-ID.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CuttingProxy {
  url: string;
  /** One entry per progress stream opened: the Last-Event-ID it carried (undefined on a fresh follow) and whether it was cut. */
  streams: { lastEventId: string | undefined; cut: boolean }[];
  close(): Promise<void>;
}

const isProgress = (url: string | undefined) => /^\/v1\/documents\/[^/?]+\/progress(\?|$)/.test(url ?? '');

/** Where the first complete frame carrying `data:` ends (comments such as heartbeats do not count); undefined before one has arrived. */
function endOfFirstEvent(text: string): number | undefined {
  let start = 0;
  for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n', start)) {
    if (/^data:/m.test(text.slice(start, end))) return end + 2;
    start = end + 2;
  }
  return undefined;
}

export async function startCuttingProxy(target: string, cuts: number): Promise<CuttingProxy> {
  const upstream = new URL(target);
  const streams: CuttingProxy['streams'] = [];
  const server = http.createServer((request, response) => {
    const progress = isProgress(request.url);
    const header = request.headers['last-event-id'];
    const record = progress ? { lastEventId: typeof header === 'string' ? header : undefined, cut: false } : undefined;
    if (record) streams.push(record);
    const cutThis = record !== undefined && streams.length <= cuts;
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers: { ...request.headers, host: upstream.host } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        if (!cutThis) {
          answer.pipe(response);
          return;
        }
        // Bytes, not text: a character split across chunks must reach the browser intact.
        let seen = Buffer.alloc(0);
        let sent = 0;
        answer.on('data', (chunk: Buffer) => {
          if (record?.cut) return;
          seen = Buffer.concat([seen, chunk]);
          const cutAt = endOfFirstEvent(seen.toString('latin1'));
          const part = seen.subarray(sent, cutAt ?? seen.length);
          sent = cutAt ?? seen.length;
          if (cutAt === undefined || !record) {
            response.write(part);
            return;
          }
          record.cut = true;
          answer.destroy();
          // Ended as a proxy with a duration limit ends it: the event arrives, then the stream closes
          // before the run's terminal event. (Resetting the socket instead lets the browser drop the
          // bytes still in flight, so what the page saw before the cut would be left to chance.)
          response.end(part);
        });
        answer.on('end', () => record?.cut || response.end());
      },
    );
    forward.on('error', () => response.destroy());
    request.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    streams,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
