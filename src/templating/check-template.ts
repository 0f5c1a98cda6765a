/**
 * Everything the service wants to know about a tenant's template before it stores it: whether
 * it parses (and if not, why, with the line), and what it reads. Run in the tenant-code pool
 * (tenant-code-task.ts), never on the main thread: parsing tenant text can take long.
 */
import { validateTemplateSyntax } from './template-syntax.js';
import { findNamespaceMembers, findTemplateReads, findTemplateVariables } from './template-variables.js';

export interface TemplateCheck {
  /** Why the template does not parse (with its line), or null. */
  problem: string | null;
  /** The free names it reads (see findTemplateVariables); [] when it does not parse. */
  variables: string[];
  /** The members of the asked namespaces it reads (see findNamespaceMembers). */
  members: string[];
  /** What it reads, one level deep: `client`, `fields.client` (see findTemplateReads); [] when it does not parse. */
  reads: string[];
}

export function checkTemplate(source: string, namespaces: readonly string[]): TemplateCheck {
  const problem = validateTemplateSyntax(source);
  if (problem !== null) return { problem, variables: [], members: [], reads: [] };
  return { problem: null, variables: findTemplateVariables(source), members: findNamespaceMembers(source, namespaces), reads: findTemplateReads(source) };
}
