/** Parsing with error messages that say where the template goes wrong. */
import { parseTemplate, type ProgramNode } from './jinja-ast.js';
import { nestingProblem } from './nesting-budget.js';
import { locateSyntaxError } from './syntax-error-location.js';
import { scanTemplateTags } from './template-tags.js';

/** A template that does not parse; the message names the line when it can be found. */
export class TemplateSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateSyntaxError';
  }
}

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The parser's own recursion (deeply nested parentheses or lists) overflowing is a nesting problem too. */
const explain = (error: unknown): string =>
  error instanceof RangeError && /call stack/.test(error.message) ? 'expressions are nested too deep for the parser (nesting budget)' : describe(error);

/**
 * Parses a template (trim_blocks + lstrip_blocks, like the library's `Template`).
 * @throws {TemplateSyntaxError} with "… (line N)" when it does not parse
 */
export function parseTemplateOrExplain(source: string): ProgramNode {
  const tags = scanTemplateTags(source);
  const tooDeep = nestingProblem(tags);
  if (tooDeep !== null) throw new TemplateSyntaxError(tooDeep);
  try {
    return parseTemplate(source);
  } catch (error) {
    const line = locateSyntaxError(source, tags);
    const message = explain(error);
    throw new TemplateSyntaxError(line === undefined ? message : `${message} (line ${line})`);
  }
}

/** Checks that a template parses: null when it does, else the error message (with its line). */
export function validateTemplateSyntax(source: string): string | null {
  try {
    parseTemplateOrExplain(source);
    return null;
  } catch (error) {
    return describe(error);
  }
}
