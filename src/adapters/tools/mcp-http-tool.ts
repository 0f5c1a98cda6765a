/**
 * `mcp.http`: calls one tool of a Model Context Protocol server over streamable HTTP with the
 * official SDK client. Config: `{url, tool}`. Per spec Authentication rule 8 the verified caller's
 * bearer token and e-mail are forwarded on every request (`Authorization: Bearer …`,
 * `X-User-Email`, plus `X-Org-Slug`) so the server scopes its data to that user; they live only
 * in this call's memory and are never stored or logged. Every request of the transport goes
 * through the guarded fetch (SSRF guard, pinned address, size cap).
 */
import type { ToolCaller, ToolRegistrationInput } from '../../pipeline/ports.js';
import type { GuardedFetch } from './guarded-fetch.js';
import { describeUrl } from './ssrf-guard.js';
import { ToolCallError, type ToolResult, configString, isPlainObject, sourceText } from './tool-result.js';

function callerHeaders(caller: ToolCaller): Record<string, string> {
  const headers: Record<string, string> = { authorization: `Bearer ${caller.bearerToken}`, 'x-org-slug': caller.orgSlug };
  if (caller.email) headers['x-user-email'] = caller.email;
  return headers;
}

/** The text parts of an MCP tool result, joined. */
function textOf(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content
    .filter((part): part is { type: 'text'; text: string } => isPlainObject(part) && part.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text)
    .join('\n');
}

/** Structured content when the server sends it, else the text parsed as JSON when it is JSON, else the text. */
function valueOf(result: Record<string, unknown>): unknown {
  if (result.structuredContent !== undefined) return result.structuredContent;
  const text = textOf(result.content);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Calls the configured MCP tool with `args` on behalf of `caller`.
 *
 * @throws ToolCallError when the server reports a tool error or cannot be reached;
 *   UrlRefusedError when the guard refuses the URL.
 */
export async function callMcpHttpTool(
  registration: ToolRegistrationInput,
  args: Record<string, unknown>,
  caller: ToolCaller,
  fetchImpl: GuardedFetch,
  options: { timeoutMs: number; signal: AbortSignal },
): Promise<ToolResult> {
  const url = new URL(configString(registration.config, 'url'));
  const toolName = configString(registration.config, 'tool');
  // The MCP client is loaded on first use: most organizations register no MCP tool.
  const [{ Client }, { StreamableHTTPClientTransport }] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
  ]);
  const transport = new StreamableHTTPClientTransport(url, {
    fetch: fetchImpl,
    requestInit: { headers: callerHeaders(caller) },
    redirectPolicy: 'same-origin',
  });
  const client = new Client({ name: 'quire-tool-gateway', version: '1.0.0' });
  const requestOptions = { timeout: options.timeoutMs, signal: options.signal };
  try {
    await client.connect(transport, requestOptions);
    const result = (await client.callTool({ name: toolName, arguments: args }, undefined, requestOptions)) as Record<string, unknown>;
    if (result.isError === true)
      throw new ToolCallError(`the MCP tool ${toolName} at ${describeUrl(url)} reported an error: ${textOf(result.content) || 'no message'}`);
    const value = valueOf(result);
    return {
      value,
      source: {
        title: `${registration.name} (MCP ${toolName} at ${url.host})`,
        kind: 'tool',
        tool: registration.name,
        url: describeUrl(url),
        text: sourceText(value),
      },
    };
  } finally {
    await client.close().catch(() => undefined);
  }
}
