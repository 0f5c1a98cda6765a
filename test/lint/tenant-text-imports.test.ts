/**
 * Tenant text is parsed only in the tenant-code pool (eslint.config.js; docs/adr/0291): outside
 * src/templating and src/tenant-code, a value import of the templating layer or of JSONata is
 * refused by lint, a type import is allowed. Run by ESLint with the project's own configuration.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The messages of the tenant-text import rule for `code` in a file at `filePath`. */
async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
}

describe('where tenant text may be parsed', () => {
  it.each([
    ['src/pipeline/stages/new-stage.ts', '../../templating/index.js'],
    ['src/modules/documents/new-rule.ts', '../../templating/template-variables.js'],
    ['src/modules/generation/new-query.ts', 'jsonata'],
  ])('refuses a value import in %s of %s', async (filePath, specifier) => {
    const found = await problems(filePath, `import { parse } from '${specifier}';\nexport const y = parse;\n`);
    expect(found).toEqual([expect.stringMatching(/tenant-code/)]);
  });

  it('allows a type import, and the pool itself', async () => {
    expect(
      await problems('src/pipeline/readiness-new.ts', "import type { TemplateCheck } from '../templating/index.js';\nexport type Y = TemplateCheck;\n"),
    ).toEqual([]);
    expect(await problems('src/tenant-code/new-task.ts', "import { checkTemplate } from '../templating/index.js';\nexport const y = checkTemplate;\n")).toEqual(
      [],
    );
  });
});
