/**
 * Names of the helper functions the sandbox rewrite inserts into parsed templates.
 *
 * They start with `$`, a character the template lexer rejects in identifiers, so a
 * template author can never name (or shadow) them; only our rewritten nodes reach them.
 */
export const HELPER = {
  /** `$filter("name", operand, args…)`: one of our allow-listed filters. */
  filter: '$filter',
  /** `$tick(fn)`: charges the step budget before every call (macro recursion bound). */
  tick: '$tick',
  /** `$iter(list)`: charges the step budget per loop item. */
  iterate: '$iter',
  /** `$out(value)`: refuses functions and charges the output budget for everything rendered. */
  output: '$out',
  /** `$val(value)`: refuses values that would print a function, and over-long strings. */
  value: '$val',
  /** `$small(n)`: refuses numbers above 100 (indent widths). */
  small: '$small',
  /** `$defined(path keys…)`: true when every variable path resolves. */
  defined: '$defined',
  /** `$missing(path keys…)`: records unresolved paths and returns their visible markers. */
  missing: '$missing',
  /** `$path(path key)`: the path's value, or (recorded) its visible marker when it does not resolve. */
  path: '$path',
} as const;

/** Globals every template sees (besides `namespace`, which the library puts in every scope). */
export const TEMPLATE_GLOBALS: ReadonlySet<string> = new Set(['true', 'false', 'none', 'True', 'False', 'None', 'range', 'namespace']);
