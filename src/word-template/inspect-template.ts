/**
 * The inspect report of a Word template: every tag with its location, kind and form, the names it
 * reads and what they bind to, the sections it places, the styles a section will be written in,
 * and every problem (with the tag's location where there is one). Runs in a tenant-code worker.
 */
import { findTemplateReads, findTemplateVariables } from '../templating/index.js';
import { compileWordTemplate, type CompiledPart } from './compile-template.js';
import type { LocatedTag } from './located-tags.js';
import { bindingOf, isNamespace } from './name-bindings.js';
import type { TemplatePackage } from './docx-package-type.js';
import { readTemplateStyles } from './template-styles.js';
import { standalone } from './tag-syntax.js';
import type { WordNameCatalog, WordNameUse, WordTag, WordTagLocation, WordTemplateProblem, WordTemplateReport } from './word-template-types.js';

interface NameUses {
  uses: Map<string, { uses: number; first: WordTagLocation }>;
}

/** The paths a tag reads that are free in its part (a loop variable bound by another tag of the part is not). */
function tagReads(tag: LocatedTag, free: ReadonlySet<string> | null): string[] {
  const source = tag.kind === 'print' || tag.kind === 'statement' ? standalone(tag) : null;
  if (source === null) return [];
  return findTemplateReads(source).filter((path) => free === null || free.has(path.split('.')[0]));
}

/** `computed.total` for a namespace's member, the root otherwise (`client` for `client.name`). */
function nameOf(path: string): string {
  const root = path.split('.')[0];
  return isNamespace(root) ? path : root;
}

function partTags(part: CompiledPart, parses: boolean, names: NameUses): WordTag[] {
  const free = parses ? new Set(findTemplateVariables(part.source)) : null;
  return part.tags.map((tag) => {
    const reads = tagReads(tag, free);
    for (const name of new Set(reads.map(nameOf))) {
      const use = names.uses.get(name);
      if (use) use.uses += 1;
      else names.uses.set(name, { uses: 1, first: tag.location });
    }
    return { tag: tag.raw, kind: tag.kind, form: tag.form, names: [...new Set(reads.map((path) => path.split('.')[0]))], location: tag.location };
  });
}

function sectionProblems(tags: readonly LocatedTag[], catalog: WordNameCatalog): WordTemplateProblem[] {
  return tags
    .filter((tag) => tag.section !== null && tag.section !== '*' && !catalog.sections.includes(tag.section))
    .map((tag) => ({
      code: 'unknown-section' as const,
      severity: 'error' as const,
      message: `${tag.raw} asks for the section "${tag.section}", which this template does not have (sections: ${catalog.sections.join(', ') || 'none'})`,
      location: tag.location,
    }));
}

function nameUses(names: NameUses, catalog: WordNameCatalog): { uses: WordNameUse[]; problems: WordTemplateProblem[] } {
  const uses: WordNameUse[] = [];
  const problems: WordTemplateProblem[] = [];
  for (const [name, use] of names.uses) {
    const bindsTo = bindingOf(name, catalog);
    uses.push({ name, bindsTo, uses: use.uses });
    if (bindsTo === 'unknown') {
      const message = `"${name}" is not a field, computed value, gathered value, entity, library text or section of this template (it prints as a missing marker)`;
      problems.push({ code: 'unknown-name', severity: 'warning', message, location: use.first });
    }
  }
  return { uses, problems };
}

export async function inspectWordTemplateNow(bytes: Uint8Array, catalog: WordNameCatalog): Promise<WordTemplateReport> {
  const compiled = await compileWordTemplate(bytes);
  const problems = [...compiled.problems];
  if (compiled.pkg === null) return { valid: false, tags: [], names: [], sections: [], styles: { found: {}, missing: [] }, problems };
  const names: NameUses = { uses: new Map() };
  const syntax = problems.filter((problem) => problem.code === 'syntax' || problem.code === 'nesting');
  const broken = new Set(syntax.map((problem) => problem.location?.part ?? /^(word\/\S+\.xml):/.exec(problem.message)?.[1]));
  const tags = compiled.parts.flatMap((part) => partTags(part, !broken.has(part.path), names));
  const allTags = compiled.parts.flatMap((part) => part.tags);
  const bound = nameUses(names, catalog);
  problems.push(...sectionProblems(allTags, catalog), ...bound.problems);
  const sections = [...new Set(allTags.flatMap((tag) => (tag.section !== null && tag.section !== '*' ? [tag.section] : [])))];
  return {
    valid: !problems.some((problem) => problem.severity === 'error'),
    tags,
    names: bound.uses,
    sections,
    styles: stylesOf(compiled.pkg),
    problems,
  };
}

/** The styles generated sections will use, as section placement resolves them (none defined without a styles part). */
function stylesOf(pkg: TemplatePackage): WordTemplateReport['styles'] {
  const xml = pkg.get('word/styles.xml');
  return readTemplateStyles(typeof xml === 'string' ? xml : '');
}
