/** Evaluates one Jinja expression to a plain JS value (data-need kind `template`). */
import { Interpreter } from '@huggingface/jinja';
import { DomainValidationError } from '../kernel/errors.js';
import { parseSingleExpression, type AstNode } from './jinja-ast.js';
import { toPlainValue } from './jinja-runtime.js';
import { RenderBudget } from './render-budget.js';
import { rewriteExpression } from './sandbox-rewrite.js';
import { createSandboxScope } from './sandbox-scope.js';

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Evaluates `expression` (e.g. `gathered.revenue * 1.2`, `fields.name|upper`) against
 * `context` in the same sandbox as templates. Numbers stay numbers, lists become arrays,
 * mappings plain objects; an undefined result (or a function) is `undefined`.
 * @throws {DomainValidationError} when the expression does not parse, or fails to evaluate
 */
export function evaluateExpression(expression: string, context: Record<string, unknown>): unknown {
  let node: AstNode;
  try {
    node = parseSingleExpression(expression);
  } catch (error) {
    throw new DomainValidationError(`invalid expression "${expression}": ${describe(error)}`);
  }
  try {
    const scope = createSandboxScope(context, { budget: new RenderBudget(), recordMissing: () => undefined });
    return toPlainValue(new Interpreter(scope).evaluate(rewriteExpression(node), scope));
  } catch (error) {
    throw new DomainValidationError(`expression "${expression}" failed: ${describe(error)}`);
  }
}
