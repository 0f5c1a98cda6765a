/**
 * The before and after value of each input that differs between two snapshots of a section, for
 * the comparison a reader makes ("client_name: Contoso GmbH → Fabrikam AG"). Values come from
 * what each run recorded: the read paths of the section's derivation looked up in the run's
 * render context, or (older snapshots, no derivation) the manifest's field values and computed
 * values. Hash-only causes (voice, brief, prompt, model choice) have no value to show.
 */
import { differingKeys } from './section-diff.js';
import type { ComparedSide } from './section-diff.js';

export interface InputChange {
  /** The read path: `fields.client_name`, `computed.total`, `gathered.report`. */
  path: string;
  /** The value the first run read (null: it read none); long values are cut (see `shown`). */
  before: unknown;
  after: unknown;
}

/** A value longer than this (as JSON) is shown as the start of its JSON text, ending in "…". */
const MAX_SHOWN = 2_000;

function shown(value: unknown): unknown {
  if (value === undefined) return null;
  const json = JSON.stringify(value) ?? 'null';
  if (json.length <= MAX_SHOWN) return value;
  const text = typeof value === 'string' ? value : json;
  return `${text.slice(0, MAX_SHOWN)}…`;
}

/** `fields.client_name` in a render context; undefined when a step is missing. */
function valueAt(context: Record<string, unknown>, path: string): unknown {
  let value: unknown = context;
  for (const step of path.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[step];
  }
  return value;
}

/**
 * Each differing input with its two values, sorted by path. Pure.
 *
 * @throws never.
 */
export function inputChanges(from: ComparedSide, to: ComparedSide): InputChange[] {
  if (from.derivation && to.derivation) {
    const [a, b] = [from.manifest.renderContext ?? {}, to.manifest.renderContext ?? {}];
    return differingKeys(from.derivation.reads, to.derivation.reads).map((path) => ({ path, before: shown(valueAt(a, path)), after: shown(valueAt(b, path)) }));
  }
  const changes: InputChange[] = [];
  const [fa, fb] = [from.manifest.fieldValues ?? {}, to.manifest.fieldValues ?? {}];
  for (const key of differingKeys(fa, fb)) changes.push({ path: `fields.${key}`, before: shown(fa[key]), after: shown(fb[key]) });
  const [ca, cb] = [from.manifest.computed ?? {}, to.manifest.computed ?? {}];
  for (const key of differingKeys(ca, cb)) changes.push({ path: `computed.${key}`, before: shown(ca[key]), after: shown(cb[key]) });
  return changes;
}
