/**
 * Response serializers compiled on first use. Fastify compiles every route's serializer for
 * every documented status at start-up (fast-json-stringify, each one resolving the shared
 * component schemas): with a typed contract that is ~150 routes × 4–6 statuses, measured at
 * ~5 s of start-up CPU — most of it for 401/404/429 bodies a process may never send. Compiling
 * on first use moves each cost to the first answer that needs it, once per process; each is
 * compiled against only the named schemas it references (referenced-schemas.ts).
 */
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { schemasReferencedBy } from './referenced-schemas.js';

type Factory = ReturnType<typeof SerializerSelector>;

export function lazySerializerFactory(): Factory {
  const buildCompiler = SerializerSelector();
  return (externalSchemas, options) => {
    // Fastify's schema store: the named schemas by `$id`.
    const named = (externalSchemas ?? {}) as Record<string, unknown>;
    return (route) => {
      let serialize: ((doc: unknown) => string) | undefined;
      return (doc: unknown) => {
        // Only the named schemas this one reaches: the same serializer, compiled without
        // checking the whole contract's schemas again for every route.
        serialize ??= buildCompiler(schemasReferencedBy(route.schema, named), options)(route);
        return serialize(doc);
      };
    };
  };
}
