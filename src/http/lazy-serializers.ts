/**
 * Response serializers compiled on first use. Fastify compiles every route's serializer for
 * every documented status at start-up (fast-json-stringify, each one resolving the shared
 * component schemas): with a typed contract that is ~150 routes × 4–6 statuses, measured at
 * ~5 s of start-up CPU — most of it for 401/404/429 bodies a process may never send. Compiling
 * on first use moves each cost to the first answer that needs it, once per process.
 */
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type Factory = ReturnType<typeof SerializerSelector>;

export function lazySerializerFactory(): Factory {
  const buildCompiler = SerializerSelector();
  return (externalSchemas, options) => {
    const compile = buildCompiler(externalSchemas, options);
    return (route) => {
      let serialize: ((doc: unknown) => string) | undefined;
      return (doc: unknown) => {
        serialize ??= compile(route);
        return serialize(doc);
      };
    };
  };
}
