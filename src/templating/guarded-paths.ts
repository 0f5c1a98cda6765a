/**
 * The variable paths the missing-variable guard checks, in the form a compiled program carries
 * them: one string literal per path, `["client","address","city"]` (root, then segments, as
 * JSON), which `$defined`/`$missing`/`$path` resolve in the scope they are called in.
 *
 * One literal instead of the path spelled out as nodes (display text, root identifier, a list
 * of segment literals — five nodes or more per path, twice per output): a compiled program is
 * kept in the cache, so every node of it is copied by the garbage collector into the old
 * generation, and at render time each node is evaluated into a fresh runtime value. The root is
 * looked up along the scope chain of the call, the chain the interpreter searches for an
 * identifier node at the same place (sandbox-scope.ts).
 *
 * A template cannot forge such a literal: the helpers' `$` names are names its lexer rejects
 * (sandbox-names.ts), so only the guard's own nodes call them.
 */

/** A statically known variable path: `client.address.city`, `lines[0].total`. */
export interface VariablePath {
  /** What a marker prints: `client.address.city`, `lines.0.total`. */
  display: string;
  root: string;
  segments: (string | number)[];
}

/** The literal a compiled program carries for `path`. */
export function guardedPathKey(path: VariablePath): string {
  return JSON.stringify([path.root, ...path.segments]);
}

/** Decoded keys, per thread: a program's paths are decoded on its first render only. */
const decoded = new Map<string, VariablePath>();
/** Paths come from cached programs (compiled-templates.ts bounds those); this only bounds the map. */
export const MAX_DECODED_PATHS = 20_000;

/**
 * The path a key stands for.
 * @throws {Error} when `key` is not a path key (only the guard writes them)
 */
export function guardedPathOf(key: string): VariablePath {
  const known = decoded.get(key);
  if (known) return known;
  const parts: unknown = JSON.parse(key);
  if (!Array.isArray(parts) || typeof parts[0] !== 'string' || !parts.slice(1).every((part) => typeof part === 'string' || typeof part === 'number')) {
    throw new Error('not a variable path');
  }
  const [root, ...segments] = parts as [string, ...(string | number)[]];
  const path = { display: [root, ...segments].join('.'), root, segments };
  if (decoded.size >= MAX_DECODED_PATHS) decoded.clear();
  decoded.set(key, path);
  return path;
}

/** How many decoded paths this thread keeps (tests). */
export function decodedPathCount(): number {
  return decoded.size;
}
