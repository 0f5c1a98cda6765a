/**
 * The import rules of src/http (eslint.config.js; docs/adr/0282-http-import-rules.md), run by ESLint
 * with the project's own configuration over an import written at a path inside src/http.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The messages of the import rule for one import statement in a file at `filePath`. */
async function importProblems(filePath: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from '${specifier}';\nexport const y = x;\n`, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('what src/http may import', () => {
  it.each([
    ['../../storage/database.js', 'storage'],
    ['../../jobs/register-jobs.js', 'jobs'],
    ['../../adapters/tools/ssrf-guard.js', 'adapters'],
    ['../../pdf/pdf-converter.js', 'pdf'],
  ])('refuses %s (%s)', async (specifier) => {
    const problems = await importProblems('src/http/plugins/new-plugin.ts', specifier);
    expect(problems).toEqual([expect.stringContaining('src/http imports kernel and modules only')]);
  });

  it('refuses a module repository', async () => {
    const problems = await importProblems('src/http/plugins/new-plugin.ts', '../../modules/documents/document.repository.js');
    expect(problems).toEqual([expect.stringContaining('src/http never imports a repository')]);
  });

  it('allows kernel, module schemas and use cases', async () => {
    expect(await importProblems('src/http/plugins/new-plugin.ts', '../../kernel/errors.js')).toEqual([]);
    expect(await importProblems('src/http/schema-registry.ts', '../modules/documents/documents.schemas.js')).toEqual([]);
    expect(await importProblems('src/http/plugins/new-plugin.ts', '../../modules/identity/commands/resolve-actor.js')).toEqual([]);
  });
});
