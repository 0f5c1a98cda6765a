/**
 * Small text helpers for the offline (no-model) adapters: tokenizing, stop words, light stemming,
 * and flattening context objects into labelled scalar values. Pure and deterministic.
 */

/** English (plus a few German) function words ignored when scoring relevance. */
export const STOP_WORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below ' +
    'between both but by can could did do does doing down during each few for from further had has have having ' +
    'he her here hers herself him himself his how i if in into is it its itself just me more most my myself no ' +
    'nor not now of off on once only or other our ours ourselves out over own same she should so some such than ' +
    'that the their theirs them themselves then there these they this those through to too under until up very ' +
    'was we were what when where which while who whom why will with would you your yours yourself yourselves ' +
    'shall may might must us per via within without upon whether etc eg ie include includes including please ' +
    'section describe write summarize summarise explain list provide give based using use make ' +
    'der die das und oder mit von für ist sind ein eine'
  ).split(' '),
);

/** Strip common English suffixes so "risks"/"risk" and "assessed"/"assess" meet. */
export function stem(word: string): string {
  if (word.length <= 4) return word;
  for (const suffix of ['ations', 'ation', 'ments', 'ment', 'ings', 'ing', 'ies', 'ied', 'ers', 'er', 'es', 'ed', 'ly', 's']) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) {
      const base = word.slice(0, -suffix.length);
      return suffix === 'ies' || suffix === 'ied' ? `${base}y` : base;
    }
  }
  return word;
}

/** Lowercased, stemmed content tokens of `text` (stop words and 1-letter tokens removed). */
export function contentTokens(text: string): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu)) {
    const word = m[0].replace(/['’]s$/u, '');
    if (word.length < 2 || STOP_WORDS.has(word)) continue;
    out.push(stem(word));
  }
  return out;
}

/** A scalar context value with its dotted path and a human label. */
export interface ContextEntry {
  /** Dotted path in the context object, e.g. "client.name" or "parties.0". */
  path: string;
  /** Human label derived from the path, e.g. "Client name". */
  label: string;
  /** The original scalar value (arrays of scalars are kept as arrays). */
  value: string | number | boolean | Array<string | number | boolean>;
  /** The value rendered as text. */
  text: string;
}

/** "client_name" / "clientName" / "client.name" → "Client name". */
export function humanize(path: string): string {
  const words = path
    .replace(/\.(\d+)(?=\.|$)/g, (_m, i: string) => ` ${Number(i) + 1}`)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[._\-\s]+/g, ' ')
    .trim()
    .toLowerCase();
  return words === '' ? path : words.charAt(0).toUpperCase() + words.slice(1);
}

/** Render a scalar for prose. */
function scalarText(v: string | number | boolean): string {
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(Math.round(v * 1e6) / 1e6);
  return v.replace(/\s+/g, ' ').trim();
}

const isScalar = (v: unknown): v is string | number | boolean =>
  typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'boolean';

/**
 * Flatten a context object into scalar entries in key order (depth ≤ 4). Empty strings, null and
 * non-finite numbers are skipped; arrays of scalars stay one entry; arrays of objects are indexed.
 */
export function flattenContext(context: Record<string, unknown>, maxDepth = 4): ContextEntry[] {
  const out: ContextEntry[] = [];
  const walk = (value: unknown, path: string, depth: number): void => {
    if (isScalar(value)) {
      const text = scalarText(value);
      if (text !== '') out.push({ path, label: humanize(path), value, text });
      return;
    }
    if (depth >= maxDepth || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      const items: unknown[] = value;
      if (items.length > 0 && items.every(isScalar)) {
        const scalars = items.filter(isScalar);
        const text = scalars
          .map(scalarText)
          .filter((t) => t !== '')
          .join('; ');
        if (text !== '') out.push({ path, label: humanize(path), value: scalars, text });
        return;
      }
      items.forEach((item, i) => walk(item, path === '' ? String(i) : `${path}.${i}`, depth + 1));
      return;
    }
    for (const [k, v] of Object.entries(value)) walk(v, path === '' ? k : `${path}.${k}`, depth + 1);
  };
  walk(context, '', 0);
  return out;
}

/** Collect every string in a nested value (depth ≤ 6), in key order. */
export function collectStrings(value: unknown, depth = 0): string[] {
  if (typeof value === 'string') return [value];
  if (depth >= 6 || value === null || typeof value !== 'object') return [];
  const items: unknown[] = Array.isArray(value) ? value : Object.values(value);
  return items.flatMap((v) => collectStrings(v, depth + 1));
}
