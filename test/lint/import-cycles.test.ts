/**
 * The import-cycle check of `npm run lint` (scripts/check-import-cycles.mjs), run by dependency-cruiser
 * over small source trees written for each case: a cycle between modules that no single file closes
 * is found, type-only imports count, and a listed exception must still exist.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { importCycleProblems } from '../../scripts/check-import-cycles.mjs';

const trees: string[] = [];

/** Writes `files` (path under the tree → source) into a fresh directory and returns it. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'quire-cycles-'));
  trees.push(root);
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), source);
  }
  return root;
}

afterEach(() => {
  for (const root of trees.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('the import-cycle check', () => {
  it('finds two modules that import each other through different files, type-only included', async () => {
    const root = tree({
      'src/modules/templates/compile.ts': "import { sectionKey } from '../documents/sections/keys.js';\nexport const compile = () => sectionKey;\n",
      'src/modules/documents/sections/keys.ts': 'export const sectionKey = 1;\n',
      'src/modules/documents/routes.ts': "import type { Spec } from '../templates/spec.js';\nexport const spec: Spec | null = null;\n",
      'src/modules/templates/spec.ts': 'export interface Spec { title: string }\n',
    });
    const { problems } = await importCycleProblems(root, []);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('import cycle: modules/documents ↔ modules/templates');
    expect(problems[0]).toContain('src/modules/documents/routes.ts → src/modules/templates/spec.ts');
  });

  it('finds a cycle between top-level folders and a cycle between files', async () => {
    const root = tree({
      'src/storage/store.ts': "import type { Settings } from '../config.js';\nexport const store = (s: Settings) => s;\n",
      'src/config.ts': "import { LIMIT } from './modules/limits.js';\nexport interface Settings { limit: typeof LIMIT }\n",
      'src/modules/limits.ts': "import { store } from '../storage/store.js';\nexport const LIMIT = 3;\nexport const use = store;\n",
      'src/jobs/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
      'src/jobs/b.ts': "import type { a } from './a.js';\nexport const b: typeof a | null = null;\n",
    });
    const { problems } = await importCycleProblems(root, []);
    expect(problems.some((p) => p.startsWith('import cycle: config ↔ modules ↔ storage'))).toBe(true);
    expect(problems.some((p) => p.startsWith('import cycle: src/jobs/a.ts → src/jobs/b.ts → src/jobs/a.ts'))).toBe(true);
  });

  it('passes repositories registered by modules/repos.ts, and refuses an exception that no longer exists', async () => {
    const root = tree({
      'src/modules/repos.ts':
        "import { DocumentRepository } from './documents/document.repository.js';\nexport const repos = { documents: DocumentRepository };\n",
      'src/modules/context.ts': "import type { repos } from './repos.js';\nexport type Context = typeof repos;\n",
      'src/modules/documents/document.repository.ts':
        "import { searchTerm } from './title-search.js';\nexport class DocumentRepository { term = searchTerm; }\n",
      'src/modules/documents/title-search.ts': 'export const searchTerm = (q: string) => q;\n',
      'src/modules/documents/get-document.ts': "import type { Context } from '../context.js';\nexport const get = (ctx: Context) => ctx.documents;\n",
    });
    expect((await importCycleProblems(root, [])).problems).toEqual([]);
    const stale = await importCycleProblems(root, ['modules/documents → modules/templates']);
    expect(stale.problems).toEqual(['modules/documents → modules/templates is gone: take it off KNOWN in scripts/check-import-cycles.mjs']);
  });
});
