/**
 * The service's size limits, in one table (docs/adr/0083-limits-table.md
 * and the README list the same numbers). Request schemas read them as `maxProperties`,
 * `maxItems` and `maxLength`, so the contract shows them; use cases check what a schema cannot
 * see (a document's total of fields, sections and data-needs).
 *
 * Status codes: a count or a length inside a well-formed request is a 422 naming the limit (the
 * schema's `[{loc, msg, type}]`, or the use case's string); only bytes (a request body or an
 * upload larger than its route's cap) are a 413.
 */

export const LIMITS = {
  /** Fields of one document (and template), whichever way they are created. */
  fieldsPerDocument: 1_000,
  /** Fields sent in one `PUT …/fields` or `POST /v1/documents`. */
  fieldsPerRequest: 500,
  /** A field key, in characters. */
  fieldKeyChars: 200,
  /** A field value (its string form), in characters. */
  fieldValueChars: 20_000,
  /** Sections of one document or template. */
  sectionsPerDocument: 500,
  /** Data-needs of one document or template. */
  dataNeedsPerDocument: 500,
  /** Computations in one config group (`synthesis`, `coordination`). */
  computationsPerGroup: 100,
  /** The source of one computation (a JSONata expression), in characters. */
  expressionChars: 10_000,
  /** A section's `output_template`, `prompt` or hand-edited `content`, in characters. */
  templateChars: 200_000,
  /** A title, name or key, in characters. */
  titleChars: 500,
  /** A library text's value and the free text of a config group (instructions, brief…), in characters. */
  textValueChars: 100_000,
  /** A lifecycle state or any other short enum-like value, in characters (a longer one is refused before it is compared). */
  shortValueChars: 100,
  /** Items in one list of a request (section ids to reorder, snippet items, bullets, depends_on…). */
  listItems: 1_000,
  /** Files in one multipart upload request. */
  filesPerUpload: 50,
  /** Characters of a refused value a 422 may quote (the rest is elided). */
  echoedValueChars: 80,
  /** Characters of any error detail string (a safety net behind `echoedValueChars`). */
  detailChars: 2_000,
  /**
   * The most a run may have in flight at once: the cap of `coordination.maxConcurrency` (data-
   * needs) and `render.concurrency` (sections and judge calls). A run of 20 sections and their
   * checks is ~20 wide; 64 leaves room above that without letting one run flood a provider.
   */
  runConcurrency: 64,
} as const;

/** Image uploads: dimensions are read from the header and refused before anything decodes pixels. */
export const IMAGE_LIMITS = {
  /** Longest side, in pixels (A0 at 600 dpi is 19,866 px). */
  maxSidePx: 20_000,
  /** Width × height (100 megapixels: 400 MB as RGBA once decoded). */
  maxPixels: 100_000_000,
} as const;

/**
 * A short, printable quotation of a refused value for an error message: at most
 * `LIMITS.echoedValueChars` characters, the rest replaced by `… (N more characters)`.
 * Never echoes a whole 4 MB value back.
 */
export function excerpt(value: unknown, maxChars: number = LIMITS.echoedValueChars): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  if (text.length <= maxChars) return text;
  let head = text.slice(0, maxChars);
  // Do not cut a surrogate pair in half.
  if (/[\ud800-\udbff]$/.test(head)) head = head.slice(0, -1);
  return `${head}… (${text.length - head.length} more characters)`;
}

/** Webhooks: endpoints an organization may register and what one may hold. */
export const WEBHOOK_LIMITS = {
  /** Endpoints of one organization. */
  endpointsPerOrganization: 20,
  /** An endpoint URL, in characters. */
  urlChars: 2_048,
  /** Event types one endpoint subscribes to (at most every type there is). */
  eventsPerEndpoint: 20,
  /** An endpoint's description, in characters. */
  descriptionChars: 500,
} as const;
