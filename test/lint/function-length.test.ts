/**
 * The function length limit of src/ (eslint.config.js; docs/adr/0331-function-length-limit.md), run
 * by ESLint with the project's own configuration over functions written at paths inside src/.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** A function of `statements` lines of code between its braces, with blank lines and comments that do not count. */
function functionOf(statements: number): string {
  const body = Array.from({ length: statements }, (_, i) => `  total += ${i};\n\n  // step ${i}`).join('\n');
  return `export function long(): number {\n  let total = 0;\n${body}\n  return total;\n}\n`;
}

/** The length rule's messages for `source` in a file at `filePath`. */
async function lengthProblems(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return result.messages.filter((m) => m.ruleId === 'max-lines-per-function').map((m) => m.message);
}

describe('the function length limit of src/', () => {
  it('refuses a function of 61 lines of code, counting neither blank lines nor comments', async () => {
    // 57 statements, `let`, `return` and the two brace lines: 61.
    expect(await lengthProblems('src/modules/documents/commands/new-command.ts', functionOf(57))).toEqual([
      expect.stringContaining('too many lines (61). Maximum allowed is 60'),
    ]);
  });

  it('allows one of 60 lines of code, however many blank lines and comments it has', async () => {
    expect(await lengthProblems('src/modules/documents/commands/new-command.ts', functionOf(56))).toEqual([]);
  });

  it('leaves tests and migrations outside the limit', async () => {
    expect(await lengthProblems('src/modules/documents/commands/new-command.test.ts', functionOf(57))).toEqual([]);
    expect(await lengthProblems('src/storage/migrations/0099-new-tables.ts', functionOf(57))).toEqual([]);
  });
});
