/**
 * What a name a Word template reads binds to in the render context (pipeline/stages/render.ts
 * buildRenderContext): fields and gathered values at top level and under `fields.` / `gathered.`,
 * `computed.x`, `document.*`, `organization.*`, `snippets.x`, `sections.x`, and the built-ins.
 */
import type { WordNameBinding, WordNameCatalog } from './word-template-types.js';

/** Namespaces of the render context: a member is checked against the catalog list named, or binds to anything. */
const NAMESPACES: Readonly<Record<string, { binding: WordNameBinding; members?: keyof WordNameCatalog }>> = {
  fields: { binding: 'field', members: 'fields' },
  gathered: { binding: 'gathered', members: 'gathered' },
  computed: { binding: 'computed', members: 'computed' },
  sections: { binding: 'section', members: 'sections' },
  synthesized: { binding: 'section', members: 'sections' },
  synthesis: { binding: 'section', members: 'sections' },
  snippets: { binding: 'library', members: 'library' },
  document: { binding: 'document' },
  organization: { binding: 'organization' },
  sources: { binding: 'builtin' },
  variables: { binding: 'builtin' },
};

/** Values every render context has. */
const BUILTINS = new Set(['today', 'now', 'locale']);

/** Top-level names by catalog list, in the order a name is looked up. */
const TOP_LEVEL: ReadonlyArray<[keyof WordNameCatalog, WordNameBinding]> = [
  ['fields', 'field'],
  ['gathered', 'gathered'],
  ['entities', 'entity'],
  ['library', 'library'],
];

/** Whether a read root is a namespace (its reads are reported as `root.member`). */
export const isNamespace = (root: string): boolean => NAMESPACES[root] !== undefined;

/** What `path` (`client`, `computed.total`, `document.title`) binds to. */
export function bindingOf(path: string, catalog: WordNameCatalog): WordNameBinding {
  const dot = path.indexOf('.');
  const root = dot < 0 ? path : path.slice(0, dot);
  const namespace = NAMESPACES[root];
  if (namespace) {
    if (dot < 0 || namespace.members === undefined) return namespace.binding;
    return catalog[namespace.members].includes(path.slice(dot + 1)) ? namespace.binding : 'unknown';
  }
  if (BUILTINS.has(root)) return 'builtin';
  return TOP_LEVEL.find(([list]) => catalog[list].includes(root))?.[1] ?? 'unknown';
}
