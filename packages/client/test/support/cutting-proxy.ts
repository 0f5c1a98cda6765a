/**
 * A reverse proxy in front of a real server that cuts the first progress stream after it has
 * passed a number of event frames: the connection drops mid-run, as a flaky network would.
 * Every other request is passed through untouched.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CuttingProxy {
  url: string;
  /** The `Last-Event-ID` of each progress request, in order (undefined when absent). */
  progressRequests: Array<string | undefined>;
  close(): Promise<void>;
}

export async function startCuttingProxy(target: string, cutAfterFrames: number): Promise<CuttingProxy> {
  const upstream = new URL(target);
  const progressRequests: Array<string | undefined> = [];
  const server = http.createServer((request, response) => {
    const isProgress = /\/progress(\?|$)/.test(request.url ?? '');
    const cut = isProgress && progressRequests.length === 0;
    if (isProgress) progressRequests.push(request.headers['last-event-id']?.toString());
    const forwarded = http.request(
      { host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers: { ...request.headers, host: upstream.host } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        let frames = 0;
        answer.on('data', (chunk: Buffer) => {
          if (!cut) {
            response.write(chunk);
            return;
          }
          // Pass frames until the Nth event frame, then drop the connection once those bytes
          // have left: the client saw exactly N events of this stream.
          const text = chunk.toString('utf8');
          let end = 0;
          for (const part of text.split(/(?<=\n\n)/)) {
            if (frames >= cutAfterFrames) break;
            end += Buffer.byteLength(part);
            if (part.includes('data: ')) frames += 1;
          }
          if (frames < cutAfterFrames) {
            response.write(chunk);
            return;
          }
          answer.destroy();
          response.write(chunk.subarray(0, end), () => response.socket?.destroy());
        });
        answer.on('end', () => response.end());
      },
    );
    forwarded.on('error', () => response.socket?.destroy());
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    progressRequests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
