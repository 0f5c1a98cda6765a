/**
 * What the contract tour found, and how it prints it. A violation comes from Prism (parsed
 * from the `sl-violations` response header its proxy adds), from the tour's own checks of the
 * binary and streaming operations, or from the tour itself (a step that did not get the status
 * it was written for, an operation never visited).
 */

export type ViolationSource = 'prism' | 'wire-check' | 'tour';

export interface Violation {
  /** The operation, `METHOD /template`, or the request line when no operation matches. */
  operation: string;
  source: ViolationSource;
  /** Where: `request.body.fields`, `response.body.items[0]`, `status`, `content-type`… */
  location: string;
  message: string;
  /** The request that showed it, `METHOD /concrete/path → status`. */
  request: string;
}

/** One entry of Prism's `sl-violations` header. */
interface PrismViolation {
  location?: unknown[];
  severity?: string;
  code?: string | number;
  message?: string;
}

const TRUNCATED = 'Too many violations! ';

/**
 * The entries of an `sl-violations` header. Prism cuts the header at about 8 KB and prefixes it
 * with "Too many violations!": the entries that survived whole are kept and one more entry says
 * that the rest is only in Prism's log.
 */
export function parseViolationHeader(value: string | null): Array<{ location: string; message: string }> {
  if (!value) return [];
  const truncated = value.startsWith(TRUNCATED);
  const json = truncated ? value.slice(TRUNCATED.length) : value;
  let entries: PrismViolation[] = [];
  try {
    entries = JSON.parse(json) as PrismViolation[];
  } catch {
    // A cut header: keep every object that closed before the cut.
    for (const match of json.matchAll(/\{"location":\[[^\]]*\][^{}]*\}/g)) {
      try {
        entries.push(JSON.parse(match[0]) as PrismViolation);
      } catch {
        // a fragment: skipped, the closing entry below says so
      }
    }
  }
  const parsed = entries.map((entry) => ({
    location: (entry.location ?? []).map(String).join('.'),
    message: `${entry.message ?? 'violation'}${entry.severity && entry.severity !== 'Error' ? ` (${entry.severity})` : ''}`,
  }));
  if (truncated) parsed.push({ location: 'response', message: 'more violations than the sl-violations header holds: see the Prism log' });
  return parsed;
}

/** Violations grouped by operation, operations sorted, for printing. */
export function groupByOperation(violations: readonly Violation[]): Map<string, Violation[]> {
  const groups = new Map<string, Violation[]>();
  for (const violation of [...violations].sort((a, b) => a.operation.localeCompare(b.operation))) {
    const group = groups.get(violation.operation) ?? [];
    group.push(violation);
    groups.set(violation.operation, group);
  }
  return groups;
}

/**
 * A short name for what kind of violation this is, for the summary counts: Prism's messages
 * with their variable parts (property names, values) removed.
 */
export function kindOf(violation: Violation): string {
  const side = violation.location.split('.')[0] || violation.source;
  // A tour violation's message ends with the answer's body: the kind is what comes before it.
  const text = violation.source === 'tour' ? violation.message.split(': ')[0] : violation.message;
  const message = text
    .replace(/'[^']*'/g, "'…'")
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\d+/g, 'N');
  return `${violation.source}: ${side}: ${message}`;
}

/** The report: violations by operation, then counts by kind. */
export function formatReport(violations: readonly Violation[]): string {
  const lines: string[] = [];
  for (const [operation, group] of groupByOperation(violations)) {
    lines.push(`${operation}  (${group.length})`);
    for (const v of group) lines.push(`  [${v.source}] ${v.location}: ${v.message}   ← ${v.request}`);
  }
  const kinds = new Map<string, number>();
  for (const v of violations) kinds.set(kindOf(v), (kinds.get(kindOf(v)) ?? 0) + 1);
  if (kinds.size > 0) {
    lines.push('', 'By kind:');
    for (const [kind, count] of [...kinds].sort((a, b) => b[1] - a[1])) lines.push(`  ${String(count).padStart(4)} × ${kind}`);
  }
  return lines.join('\n');
}
