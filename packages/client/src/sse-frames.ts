/**
 * A `text/event-stream` body as frames (the WHATWG event-stream parsing rules, reduced to what
 * the progress stream uses): `data:` lines joined by newlines, `id:`, comments (`:` lines,
 * the server's heartbeats) ignored, a blank line dispatches.
 */
export interface SseFrame {
  id: string | undefined;
  data: string;
}

export async function* sseFrames(body: ReadableStream<Uint8Array>): AsyncGenerator<SseFrame, void, void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  let id: string | undefined;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let newline: number;
      while ((newline = buffer.search(/\r\n|\r|\n/)) >= 0) {
        // A lone trailing CR may be the first half of a CRLF split across chunks: wait for more.
        if (newline === buffer.length - 1 && buffer.endsWith('\r')) break;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
        if (line === '') {
          if (data.length > 0) yield { id, data: data.join('\n') };
          data = [];
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'data') data.push(value);
        else if (field === 'id') id = value;
      }
    }
  } finally {
    // The consumer stopped (a terminal event, a break, an error): close the connection.
    await reader.cancel().catch(() => undefined);
  }
}
