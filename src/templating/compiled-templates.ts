/**
 * Compiled templates by content hash. Compiling (parse, missing-variable guard, sandbox rewrite)
 * depends on the source alone, and the program it gives is never changed by a render (the
 * interpreter only reads it; what a render writes goes to its own scope), so one compilation
 * serves every render of the same text: the sections of a run that share a template, and every
 * later run of the document. Bounded (entries and source characters, least recently used goes
 * first), per thread: each tenant-code worker keeps its own.
 */
import { createHash } from 'node:crypto';
import type { ProgramNode } from './jinja-ast.js';
import { guardMissingVariables } from './missing-variable-guard.js';
import { rewriteBody } from './sandbox-rewrite.js';
import { parseTemplateOrExplain } from './template-syntax.js';

/** A compiled template, or why it cannot render (the message a render reports). */
export type CompiledTemplate = { program: ProgramNode } | { error: string };

/** Few hundred templates per organization are common; the source bound keeps the heap small. */
export const MAX_COMPILED_TEMPLATES = 1_000;
export const MAX_COMPILED_TEMPLATE_CHARS = 2_000_000;

const cache = new Map<string, { compiled: CompiledTemplate; chars: number }>();
let cachedChars = 0;
let compilations = 0;

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));

function compile(source: string): CompiledTemplate {
  compilations += 1;
  let program: ProgramNode;
  try {
    program = parseTemplateOrExplain(source);
  } catch (error) {
    return { error: describe(error) };
  }
  try {
    guardMissingVariables(program.body);
    program.body = rewriteBody(program.body);
    return { program };
  } catch (error) {
    return { error: `render error: ${describe(error)}` };
  }
}

/** The compiled form of `source`, compiled at most once while it stays cached. */
export function compileTemplate(source: string): CompiledTemplate {
  const key = createHash('sha256').update(source).digest('base64');
  const hit = cache.get(key);
  if (hit) {
    // Most recently used last: Map keeps insertion order.
    cache.delete(key);
    cache.set(key, hit);
    return hit.compiled;
  }
  const compiled = compile(source);
  if (source.length <= MAX_COMPILED_TEMPLATE_CHARS) {
    cache.set(key, { compiled, chars: source.length });
    cachedChars += source.length;
    for (const [oldest, entry] of cache) {
      if (cache.size <= MAX_COMPILED_TEMPLATES && cachedChars <= MAX_COMPILED_TEMPLATE_CHARS) break;
      cache.delete(oldest);
      cachedChars -= entry.chars;
    }
  }
  return compiled;
}

/** How many compilations this thread has done (tests, benchmarks). */
export function templateCompilations(): number {
  return compilations;
}

/** How many compiled templates this thread keeps, and the characters of their sources (tests, the cache inventory). */
export function compiledTemplateCacheSize(): { entries: number; chars: number } {
  return { entries: cache.size, chars: cachedChars };
}
