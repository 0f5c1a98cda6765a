/**
 * What a data-need must say for its kind, and the graph rules over a document's needs:
 * `depends_on` must name existing output keys and must not form a cycle.
 */
import { DomainValidationError } from '../../../kernel/errors.js';
import { excerpt } from '../../../kernel/limits.js';
import type { DataNeedSpec } from '../../../pipeline/data-need.js';
import { findCycle, unknownDependencies } from '../../../pipeline/dependency-graph.js';
import { expressionTemplate } from '../../../pipeline/stages/need-inputs.js';

export const DATA_NEED_KINDS = ['field', 'static', 'template', 'tool', 'llm', 'assessment'] as const;

/** The parts of a need its kind rules read. */
type DataNeedShape = Pick<DataNeedSpec, 'kind' | 'outputKey' | 'args' | 'dependsOn' | 'promptBody' | 'toolRef'>;

const OUTPUT_KEY = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** Why a template does not parse (with its line), or null: the answer of a check in the tenant-code pool. */
export type SyntaxProblemOf = (template: string) => string | null;

/**
 * The templates of a need to check before it is stored (in the tenant-code pool, before the
 * transaction: parsing tenant text can take long): a `template` need's expression, as it is evaluated.
 */
export function dataNeedTemplatesToCheck(need: Pick<DataNeedShape, 'kind' | 'args'>): string[] {
  const expression = need.args?.expression;
  return need.kind === 'template' && typeof expression === 'string' && expression.trim() !== '' ? [expressionTemplate(expression)] : [];
}

/**
 * Checks one need on its own; `syntaxProblemOf` answers for the texts of dataNeedTemplatesToCheck.
 * Returns problems as sentences a person can act on.
 */
export function dataNeedProblems(need: DataNeedShape, syntaxProblemOf: SyntaxProblemOf): string[] {
  const problems: string[] = [];
  if (!(DATA_NEED_KINDS as readonly string[]).includes(need.kind)) {
    problems.push(`kind must be one of ${DATA_NEED_KINDS.join(', ')} (got "${excerpt(need.kind)}")`);
  }
  if (!OUTPUT_KEY.test(need.outputKey)) {
    problems.push(`output_key "${excerpt(need.outputKey)}" must start with a letter or _ and hold only letters, digits and _ (at most 64)`);
  }
  const args = need.args ?? {};
  switch (need.kind) {
    case 'static':
      if (!('value' in args)) problems.push('a static data-need needs args_json.value');
      break;
    case 'template': {
      const expression = args.expression;
      if (typeof expression !== 'string' || expression.trim() === '') problems.push('a template data-need needs args_json.expression (a Jinja expression)');
      else {
        const syntax = syntaxProblemOf(expressionTemplate(expression));
        if (syntax) problems.push(`args_json.expression does not parse: ${syntax}`);
      }
      break;
    }
    case 'tool':
      if (!need.toolRef) problems.push('a tool data-need needs tool_ref (the name of a registered tool)');
      break;
    case 'llm':
      if (!need.promptBody || need.promptBody.trim() === '') problems.push('an llm data-need needs prompt_body');
      break;
    case 'assessment':
      if (typeof args.assessment_id !== 'string' || args.assessment_id === '') problems.push('an assessment data-need needs args_json.assessment_id');
      break;
    case 'field':
      if (args.field !== undefined && typeof args.field !== 'string') problems.push('args_json.field must be a field key');
      break;
    default:
      break;
  }
  return problems;
}

/**
 * Checks the whole set of a document's needs: unique output keys, known dependencies, no cycle.
 *
 * @throws DomainValidationError with every problem found.
 */
export function assertNeedGraph(needs: ReadonlyArray<Pick<DataNeedSpec, 'outputKey' | 'dependsOn'>>): void {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const need of needs) {
    if (seen.has(need.outputKey)) problems.push(`output_key "${need.outputKey}" is used by more than one data-need`);
    seen.add(need.outputKey);
  }
  const nodes = needs.map((n) => ({ key: n.outputKey, dependsOn: n.dependsOn ?? [] }));
  for (const { key, missing } of unknownDependencies(nodes)) problems.push(`"${key}" depends on "${missing}", which no data-need provides`);
  const cycle = findCycle(nodes);
  if (cycle) problems.push(`depends_on forms a cycle: ${cycle.join(' → ')}`);
  if (problems.length > 0) throw new DomainValidationError(problems.join('; '));
}
