#!/usr/bin/env node
// Part of `npm run lint`: no import cycles between files, between the modules of src/modules, or
// between the top-level folders of src/ — type-only imports included (docs/adr/0281-no-import-cycles.md).
// dependency-cruiser reads and resolves the imports and finds the file cycles; its rules see files
// and single folders only, so the module and folder graphs are collapsed here and checked for
// strongly connected components.
import { cruise } from 'dependency-cruiser';

/**
 * Cycles tolerated for now: none. An edge listed here is left out of the module graph (it is the
 * one that points up); a file cycle listed here is tolerated. Each entry must still exist, so the
 * list only shrinks.
 */
/** @type {string[]} */
export const KNOWN = [];

const FILE_CYCLES = {
  forbidden: [{ name: 'no-file-cycle', severity: 'error', from: { path: '^src/' }, to: { circular: true } }],
};

/**
 * The unit of src/modules a file belongs to: its module (`modules/<name>`); the repositories, which
 * sit below both tiers as one floor (modules/repos.ts registers them all: docs/adr/0007) with the
 * helpers they import; and each loose file of src/modules on its own (`modules/context.ts`, ...).
 */
export function moduleUnits(modules) {
  const floor = new Set(modules.filter((m) => m.source.endsWith('.repository.ts')).map((m) => m.source));
  const bySource = new Map(modules.map((m) => [m.source, m]));
  for (const source of floor) {
    const own = /^src\/modules\/[^/]+\//.exec(source)?.[0];
    for (const { resolved } of bySource.get(source)?.dependencies ?? []) if (own && resolved.startsWith(own)) floor.add(resolved);
  }
  return (path) => {
    if (!path.startsWith('src/modules/')) return null;
    if (floor.has(path)) return 'modules/*.repository.ts';
    return /^src\/(modules\/[^/]+)(\/|$)/.exec(path)[1];
  };
}

/** The top-level unit a file belongs to: a folder of src/, or a file at the root of src/. */
export const folderOf = (path) => /^src\/([^/]+?)(\/|\.ts$)/.exec(path)?.[1] ?? null;

/** Collapse file dependencies to edges between units; each edge keeps one file pair as its example. */
export function collapse(modules, unitOf) {
  const edges = new Map();
  for (const { source, dependencies } of modules) {
    const from = unitOf(source);
    for (const { resolved } of dependencies) {
      const to = unitOf(resolved);
      if (from === null || to === null || from === to) continue;
      const key = `${from}\t${to}`;
      if (!edges.has(key)) edges.set(key, { from, to, example: `${source} → ${resolved}` });
    }
  }
  return [...edges.values()];
}

/** Tarjan's strongly connected components; every component of more than one unit is a cycle. */
export function cycles(edges) {
  const next = new Map();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map();
  const low = new Map();
  const stack = [];
  const found = [];
  const visit = (unit) => {
    index.set(unit, index.size);
    low.set(unit, index.get(unit));
    stack.push(unit);
    for (const to of next.get(unit) ?? []) {
      if (!index.has(to)) visit(to);
      if (stack.includes(to)) low.set(unit, Math.min(low.get(unit), low.get(to)));
    }
    if (low.get(unit) !== index.get(unit)) return;
    const component = stack.splice(stack.indexOf(unit));
    if (component.length > 1) found.push(component.sort());
  };
  for (const unit of next.keys()) if (!index.has(unit)) visit(unit);
  return found.map((units) => ({ name: units.join(' ↔ '), edges: edges.filter((e) => units.includes(e.from) && units.includes(e.to)) }));
}

/** A file cycle named from its first file in sort order, so one cycle has one name whichever file reports it. */
export function fileCycleName(files) {
  const ring = files.at(-1) === files[0] ? files.slice(0, -1) : files;
  const first = ring.indexOf([...ring].sort()[0]);
  const rotated = [...ring.slice(first), ...ring.slice(0, first)];
  return [...rotated, rotated[0]].join(' → ');
}

/** Every import cycle under `baseDir`/src not in `known`, and every entry of `known` that is gone. */
export async function importCycleProblems(baseDir, known = KNOWN) {
  const { output } = await cruise(['src'], {
    baseDir,
    ruleSet: FILE_CYCLES,
    validate: true,
    tsPreCompilationDeps: true,
    exclude: { path: '\\.test\\.ts$' },
    doNotFollow: { path: 'node_modules' },
    outputType: 'json',
  });
  const result = JSON.parse(output);
  const fileCycles = [...new Set(result.summary.violations.map((v) => fileCycleName(v.cycle.map((c) => c.name))))].map((name) => ({ name, edges: [] }));
  const edges = [...collapse(result.modules, moduleUnits(result.modules)), ...collapse(result.modules, folderOf)];
  const problems = [];
  for (const cycle of [...fileCycles, ...cycles(edges.filter((e) => !known.includes(`${e.from} → ${e.to}`)))].filter((c) => !known.includes(c.name))) {
    problems.push(`import cycle: ${cycle.name}${cycle.edges.map((e) => `\n    ${e.example}`).join('')}`);
  }
  const present = new Set([...fileCycles.map((c) => c.name), ...edges.map((e) => `${e.from} → ${e.to}`)]);
  for (const gone of known.filter((name) => !present.has(name))) problems.push(`${gone} is gone: take it off KNOWN in scripts/check-import-cycles.mjs`);
  return { problems, files: result.summary.totalCruised };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { problems, files } = await importCycleProblems(process.cwd());
  console.log(problems.length === 0 ? `no import cycles (${files} files)` : problems.join('\n'));
  process.exitCode = problems.length === 0 ? 0 : 1;
}
