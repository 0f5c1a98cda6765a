/**
 * The tool gateway: calls a registered tool by its class (`http.json`, `mcp.http`, `builtin.*`).
 * Network classes go through one guarded fetch (SSRF guard with the operator allow-list, pinned
 * address, no redirects, 5 MiB cap) and the call's time limit.
 */
import type { ToolGateway } from '../../pipeline/ports.js';
import { callBuiltinTool } from './builtin-tools.js';
import { createGuardedFetch } from './guarded-fetch.js';
import { callHttpJsonTool } from './http-json-tool.js';
import { callMcpHttpTool } from './mcp-http-tool.js';
import type { HostLookup } from './ssrf-guard.js';
import { ToolCallError } from './tool-result.js';

/** Largest tool answer read. */
export const MAX_TOOL_RESPONSE_BYTES = 5 * 1024 * 1024;

export interface ToolGatewayOptions {
  /** Operator allow-list (`TOOL_ALLOWED_HOSTS`): hosts or host:port the SSRF guard lets through. */
  allowedHosts: string[];
  /** DNS lookup override (tests). */
  lookup?: HostLookup;
  maxResponseBytes?: number;
}

/** Classes whose calls carry the caller's token and e-mail (spec Authentication rule 8): their answers are per user. */
const CALLER_FORWARDING_CLASSES = new Set(['mcp.http']);

export function forwardsCaller(classPath: string): boolean {
  return CALLER_FORWARDING_CLASSES.has(classPath);
}

function isTimeout(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'));
}

/**
 * Builds the gateway `server.ts` wires in.
 *
 * @throws (from `call`) Error subclasses with a message a person can act on: UrlRefusedError,
 *   ToolCallError (bad answer, unknown class, timeout), ResponseTooLargeError.
 */
export function createToolGateway(options: ToolGatewayOptions): ToolGateway {
  const fetchImpl = createGuardedFetch({
    allowedHosts: options.allowedHosts,
    maxResponseBytes: options.maxResponseBytes ?? MAX_TOOL_RESPONSE_BYTES,
    lookup: options.lookup,
  });
  return {
    async call({ registration, args, caller, timeoutMs }) {
      if (registration.classPath.startsWith('builtin.')) return callBuiltinTool(registration, args);
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        if (registration.classPath === 'http.json') return await callHttpJsonTool(registration, args, fetchImpl, signal);
        if (registration.classPath === 'mcp.http') return await callMcpHttpTool(registration, args, caller, fetchImpl, { timeoutMs, signal });
      } catch (error) {
        if (error instanceof ToolCallError || !isTimeout(error, signal)) throw error;
        throw new ToolCallError(`tool ${registration.name} did not answer within ${timeoutMs} ms`);
      }
      throw new ToolCallError(`tool ${registration.name} has an unknown class ${registration.classPath}`);
    },
    forwardsCaller: (registration) => forwardsCaller(registration.classPath),
  };
}
