/**
 * The operations of an OpenAPI document, and which operation a concrete request belongs to.
 * The contract tour computes what it must visit from the documents themselves, so an operation
 * added without a tour step makes the tour fail instead of going unchecked.
 */

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown> };
}

export interface Operation {
  /** `GET /v1/documents/{document_id}` */
  key: string;
  method: string;
  path: string;
  /** How many `{param}` segments the template has: fewer wins when two templates match. */
  params: number;
  pattern: RegExp;
}

/** Every operation of a document, in document order. */
export function listOperations(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      if (!(method in item)) continue;
      const source = path
        .split('/')
        .map((segment) => (/^\{[^}]+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/');
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        params: (path.match(/\{[^}]+\}/g) ?? []).length,
        pattern: new RegExp(`^${source}$`),
      });
    }
  }
  return operations;
}

/**
 * The operation a request is for: the template with the fewest parameters among those that
 * match (`/sections/order` beats `/sections/{section_id}`), or undefined when none does.
 */
export function matchOperation(operations: readonly Operation[], method: string, url: string): Operation | undefined {
  const pathname = new URL(url, 'http://tour.invalid').pathname;
  const upper = method.toUpperCase();
  return operations.filter((op) => op.method === upper && op.pattern.test(pathname)).sort((a, b) => a.params - b.params)[0];
}

/** The operations of `operations` that no visited key names. */
export function unvisited(operations: readonly Operation[], visited: ReadonlySet<string>): Operation[] {
  return operations.filter((op) => !visited.has(op.key));
}
