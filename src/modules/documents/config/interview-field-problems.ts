/**
 * The interview checked against the fields it asks about (issue 33, item 3; docs/adr/0693): a
 * question or a condition naming a field the template does not declare, and a rule on a field of
 * a type it cannot apply to. The spec compiler and `PUT …/config` both refuse with every problem,
 * each at its place in the interview and in words an author understands.
 */
import { type Interview, conditionReads } from '../../../kernel/interview.js';
import { NUMBER_TYPES, type QuestionRule, TEXT_TYPES } from '../../../kernel/interview-rules.js';

/** What the check reads of a field. */
export interface DeclaredField {
  key: string;
  valueType: string;
}

/** One problem: `path` is a JSON pointer inside the interview group (`/steps/2/questions/0/rules/1`). */
export interface InterviewFieldProblem {
  path: string;
  message: string;
  /** The field the problem is about (to recheck only the fields a change retypes). */
  field: string;
}

const TEXT_TYPE_WORDS = 'string, text, email or url';

/** "a date field", "an integer field". */
const aField = (valueType: string) => `${/^[aeiou]/.test(valueType) ? 'an' : 'a'} ${valueType} field`;

/** Why `rule` cannot apply to a field of `valueType`, or null. */
function ruleTypeProblem(rule: QuestionRule, key: string, valueType: string): string | null {
  if ('min' in rule || 'max' in rule) {
    const bound = 'min' in rule ? rule.min : rule.max;
    const name = 'min' in rule ? 'min' : 'max';
    if (NUMBER_TYPES.has(valueType)) return typeof bound === 'number' ? null : `${name} of the ${valueType} field "${key}" must be a number, not "${bound}"`;
    if (valueType === 'date') return typeof bound === 'string' ? null : `${name} of the date field "${key}" must be a date (YYYY-MM-DD), not ${bound}`;
    return `${name} applies to number, integer and date fields; "${key}" is ${aField(valueType)}`;
  }
  if (TEXT_TYPES.has(valueType)) return null;
  const name = 'pattern' in rule ? 'pattern' : 'minLength' in rule ? 'minLength' : 'maxLength';
  return `${name} applies to ${TEXT_TYPE_WORDS} fields; "${key}" is ${aField(valueType)}`;
}

/** Every problem of `interview` against `fields` (the template's, or the document's after the change). */
export function interviewFieldProblems(interview: Interview | null | undefined, fields: readonly DeclaredField[]): InterviewFieldProblem[] {
  const typeOf = new Map(fields.map((f) => [f.key, f.valueType]));
  const problems: InterviewFieldProblem[] = [];
  const unknown = (key: string) => `"${key}", which is not one of the template's fields`;
  for (const [i, step] of (interview?.steps ?? []).entries()) {
    const inStep = `step "${step.key}"`;
    for (const [j, question] of step.questions.entries()) {
      const at = `/steps/${i}/questions/${j}`;
      const valueType = typeOf.get(question.field);
      if (valueType === undefined) {
        problems.push({ path: `${at}/field`, field: question.field, message: `${inStep} asks about ${unknown(question.field)}` });
        continue;
      }
      for (const read of conditionReads(question.askWhen))
        if (!typeOf.has(read))
          problems.push({
            path: `${at}/askWhen`,
            field: question.field,
            message: `${inStep}: the question "${question.field}" is asked on the answer to ${unknown(read)}`,
          });
      for (const [k, rule] of (question.rules ?? []).entries()) {
        const problem = ruleTypeProblem(rule, question.field, valueType);
        if (problem) problems.push({ path: `${at}/rules/${k}`, field: question.field, message: `${inStep}: ${problem}` });
      }
    }
    for (const [k, rule] of (step.rules ?? []).entries()) {
      const at = `/steps/${i}/rules/${k}`;
      const wanted = rule.rule === 'notBefore' ? 'date' : 'number or integer';
      const fits = (type: string) => (rule.rule === 'notBefore' ? type === 'date' : NUMBER_TYPES.has(type));
      for (const key of [rule.field, rule.other]) {
        const type = typeOf.get(key);
        if (type === undefined) problems.push({ path: at, field: key, message: `${inStep}: the rule ${rule.rule} compares ${unknown(key)}` });
        else if (!fits(type))
          problems.push({ path: at, field: key, message: `${inStep}: the rule ${rule.rule} compares ${wanted} fields; "${key}" is ${aField(type)}` });
      }
    }
  }
  return problems;
}
