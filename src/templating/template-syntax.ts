/** Parsing with error messages that say where the template goes wrong. */
import { parseTemplate, type ProgramNode } from './jinja-ast.js';
import { locateSyntaxError } from './syntax-error-location.js';

/** A template that does not parse; the message names the line when it can be found. */
export class TemplateSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateSyntaxError';
  }
}

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Parses a template (trim_blocks + lstrip_blocks, like the library's `Template`).
 * @throws {TemplateSyntaxError} with "… (line N)" when it does not parse
 */
export function parseTemplateOrExplain(source: string): ProgramNode {
  try {
    return parseTemplate(source);
  } catch (error) {
    const line = locateSyntaxError(source);
    const message = describe(error);
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
