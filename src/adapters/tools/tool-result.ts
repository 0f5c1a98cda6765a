/** What every tool class returns: the value plus a citable source. */
import type { GatheredSourceInfo } from '../../pipeline/ports.js';

export interface ToolResult {
  value: unknown;
  source: GatheredSourceInfo;
}

/** A tool call that failed for a reason a person can act on (bad config, bad answer, timeout). */
export class ToolCallError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolCallError';
  }
}

/** At most `max` characters of a value's JSON, for the source text a citation points at. */
export function sourceText(value: unknown, max = 4000): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** The config's string at `key`, or the fallback; a wrong type is a ToolCallError. */
export function configString(config: Record<string, unknown>, key: string, fallback?: string): string {
  const value = config[key];
  if (value === undefined || value === null) {
    if (fallback !== undefined) return fallback;
    throw new ToolCallError(`the tool's config has no "${key}"`);
  }
  if (typeof value !== 'string') throw new ToolCallError(`the tool's config "${key}" must be a string`);
  return value;
}

/** Whether a value is a plain JSON object. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
