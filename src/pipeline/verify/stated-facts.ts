/**
 * Facts a document states without a source: its form's field values and its computed values
 * (decisions). A cited sentence may use them — "the last test, on 1 March 2024, …" takes its
 * date from the form, not from the cited baseline — so the check looks for a sentence's
 * numbers, dates and names in these as well as in the sources it cites (issue 31, row 7).
 */

/** One stated fact: a label a reader knows it by and its value, in words. */
export interface StatedFact {
  label: string;
  value: string;
  /** A choice field's options (an enum's), when the form defines them: the values it could have stated instead. */
  options?: readonly string[];
}

/** A computed value in words: booleans read as yes/no, lists joined, objects as JSON. */
function valueInWords(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(valueInWords).join(', ');
  return JSON.stringify(value);
}

/** A key as words ("last_pentest_date" → "last pentest date"). */
const keyWords = (key: string): string => key.replace(/[_.-]+/g, ' ').trim();

/**
 * The stated facts of a run: every non-empty field under its label (else its key) and every
 * computed value under its key in words.
 */
export function statedFactsOf(
  fields: Record<string, string>,
  labels: ReadonlyArray<{ key: string; label: string | null; options?: readonly string[] | null }>,
  computed: Record<string, unknown>,
): StatedFact[] {
  const labelOf = new Map(labels.map((d) => [d.key, d.label ?? keyWords(d.key)]));
  const facts: StatedFact[] = [];
  const optionsOf = new Map(labels.filter((d) => (d.options ?? []).length > 1).map((d) => [d.key, d.options ?? []]));
  for (const [key, value] of Object.entries(fields)) {
    if (value.trim() === '') continue;
    const options = optionsOf.get(key);
    facts.push({ label: labelOf.get(key) ?? keyWords(key), value, ...(options ? { options } : {}) });
  }
  for (const [key, value] of Object.entries(computed)) {
    const words = valueInWords(value);
    if (words !== '') facts.push({ label: keyWords(key), value: words });
  }
  return facts;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * A value as the check reads it: a form's ISO date ("2025-12-01") in words ("1 December 2025"),
 * so that its parts are not taken for the numbers 12 and 1 — a sentence's "within 12 hours"
 * must not pass because of the memo's date.
 */
export function valueForCheck(value: string): string {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!iso) return value;
  const month = MONTHS[Number(iso[2]) - 1];
  return month === undefined ? value : `${Number(iso[3])} ${month} ${iso[1]}`;
}

/** The facts as one text per fact ("Label: value"), what the check and the judge read. */
export function statedFactTexts(facts: readonly StatedFact[]): string[] {
  return facts.map((f) => `${f.label}: ${valueForCheck(f.value)}`);
}
