/**
 * The named schemas one response schema needs. fast-json-stringify validates, depth-checks and
 * indexes every external schema it is given, so compiling a serializer against all ~400 named
 * schemas of the contract cost ~100 ms even for `/health`; given only those the schema reaches
 * through `$ref`, it compiles the same serializer for a fraction of that.
 */

type Schemas = Record<string, unknown>;

/**
 * The entries of `named` that `schema` reaches through `$ref` (transitively). A `$ref` that is
 * not a plain name of `named` (a relative or absolute URI) gives all of `named`: resolving URIs
 * is fast-json-stringify's business, and giving it everything is what Fastify does.
 */
export function schemasReferencedBy(schema: unknown, named: Schemas): Schemas {
  const reached: Schemas = {};
  const pending: unknown[] = [schema];
  while (pending.length > 0) {
    const node = pending.pop();
    if (Array.isArray(node)) {
      pending.push(...node);
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    for (const [key, value] of Object.entries(node)) {
      if (key !== '$ref' || typeof value !== 'string') {
        pending.push(value);
        continue;
      }
      const name = value.split('#')[0] ?? '';
      if (name === '') continue; // a pointer into the schema itself
      if (!Object.hasOwn(named, name)) return named;
      if (Object.hasOwn(reached, name)) continue;
      reached[name] = named[name];
      pending.push(named[name]);
    }
  }
  return reached;
}
