/** A problem of a Word template in one line, with where it is, for error messages. */
import type { WordTagLocation, WordTemplateProblem } from './word-template-types.js';

export function describeLocation(location: WordTagLocation): string {
  const cell = location.tableCell ? `, table ${location.tableCell.table} row ${location.tableCell.row} cell ${location.tableCell.cell}` : '';
  return `${location.part} paragraph ${location.paragraph}${cell}`;
}

export function describeProblem(problem: WordTemplateProblem): string {
  return problem.location ? `${problem.message} (${describeLocation(problem.location)})` : problem.message;
}
