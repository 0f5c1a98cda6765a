/**
 * Real servers for tool tests, on 127.0.0.1 and a free port: a small JSON API (http.json) and a
 * Model Context Protocol server built with the same SDK (McpServer + streamable HTTP server
 * transport) whose tool checks the forwarded bearer token and e-mail.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

export interface RunningTestServer {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  port: number;
  /** Requests received, with their headers (lower-cased names). */
  requests: Array<{ method: string; path: string; headers: http.IncomingHttpHeaders }>;
  close(): Promise<void>;
}

async function listen(server: http.Server, requests: RunningTestServer['requests']): Promise<RunningTestServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A JSON API: `/rates?currency=X` → `{data: {base: 'EUR', currency, rate}}`, `/vendors?vendor=X`
 * (any further query parameters echoed in `query`) → `{data: {vendor, rating, query}}`, `POST /echo` →
 * the JSON body and selected headers, `/redirect` → 302 to /rates, `/html` → text/html,
 * `/big` → a 6 MB JSON answer, `/slow` → answers after 2 s.
 */
export async function startJsonApiServer(): Promise<RunningTestServer> {
  const requests: RunningTestServer['requests'] = [];
  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    requests.push({ method: request.method ?? 'GET', path: `${url.pathname}${url.search}`, headers: request.headers });
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    switch (url.pathname) {
      case '/rates':
        return json(200, { data: { base: 'EUR', currency: url.searchParams.get('currency'), rate: url.searchParams.get('currency') === 'USD' ? 1.08 : 0.85 } });
      case '/vendors': {
        const vendor = url.searchParams.get('vendor') ?? '';
        return json(200, { data: { vendor, rating: `${vendor.length % 5 === 0 ? 'A' : 'B'}-rated`, query: Object.fromEntries(url.searchParams) } });
      }
      case '/echo':
        return json(200, {
          method: request.method,
          body: request.method === 'POST' ? JSON.parse(await readBody(request)) : null,
          host: request.headers.host,
          accept: request.headers.accept,
        });
      case '/redirect':
        response.writeHead(302, { location: '/rates' });
        return response.end();
      case '/html':
        response.writeHead(200, { 'content-type': 'text/html' });
        return response.end('<html></html>');
      case '/big':
        response.writeHead(200, { 'content-type': 'application/json' });
        return response.end(JSON.stringify({ blob: 'x'.repeat(6 * 1024 * 1024) }));
      case '/slow':
        setTimeout(() => json(200, { late: true }), 2000);
        return undefined;
      default:
        return json(404, { detail: 'not found' });
    }
  });
  return listen(server, requests);
}

/**
 * An MCP server with one tool, `lookup_matter` ({client}) → the matters of the caller. It
 * answers only when the request carries `Authorization: Bearer <expected token>` and
 * `X-User-Email: <expected email>`; otherwise the tool reports an error. With `expected` null
 * it answers any caller that sends a bearer token and an e-mail, each with their own matters
 * (a per-user source serving several users). `beforeAnswer`, when given, is awaited before the
 * tool answers an accepted call: a test holds a run mid-tool-call with it.
 */
export async function startMcpTestServer(
  expected: { token: string; email: string } | null,
  options: { beforeAnswer?: () => Promise<void> } = {},
): Promise<RunningTestServer> {
  const requests: RunningTestServer['requests'] = [];
  const server = http.createServer(async (request, response) => {
    requests.push({ method: request.method ?? 'GET', path: request.url ?? '/', headers: request.headers });
    const raw = request.method === 'POST' ? await readBody(request) : '';
    const mcp = new McpServer({ name: 'matters-test-server', version: '1.0.0' });
    mcp.registerTool('lookup_matter', { description: 'Matters of the caller for a client', inputSchema: { client: z.string() } }, async ({ client }, extra) => {
      const headers = extra.requestInfo?.headers ?? {};
      const authorization = headers.authorization;
      const email = headers['x-user-email'];
      const accepted =
        expected === null
          ? typeof authorization === 'string' && /^Bearer \S+$/.test(authorization) && typeof email === 'string'
          : authorization === `Bearer ${expected.token}` && email === expected.email;
      if (!accepted) {
        return {
          isError: true,
          content: [{ type: 'text', text: `unauthorized: token ${authorization ? 'does not match' : 'missing'}, email ${String(email)}` }],
        };
      }
      await options.beforeAnswer?.();
      return { content: [{ type: 'text', text: JSON.stringify({ client, owner: email, matters: [`${client} – data processing agreement`] }) }] };
    });
    // Stateless mode: a fresh server and transport per request, answered as JSON.
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    response.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(request, response, raw === '' ? undefined : JSON.parse(raw));
  });
  return listen(server, requests);
}
