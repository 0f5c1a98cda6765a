/**
 * Rules shared by every library resource: non-empty updates, required strings, unique keys
 * answered with 409 (also when two requests race), templates that must parse.
 */
import { ConflictError, DomainValidationError } from '../../kernel/errors.js';
import { isUniqueViolation } from '../../storage/dialect.js';
import { templateSyntaxProblem } from '../../tenant-code/tenant-code-pool.js';

/** Longest key or name we accept: keys are identifiers people type, not prose. */
const MAX_KEY_LENGTH = 200;

/**
 * @throws DomainValidationError when the update body has no key at all (`{}`).
 */
export function assertNotEmptyUpdate(input: object, keys: readonly string[]): void {
  if (Object.keys(input).length === 0) throw new DomainValidationError(`nothing to update: send at least one of ${keys.join(', ')}`);
}

/**
 * A required string (key, name, heading): trimmed, never blank, never null.
 *
 * @throws DomainValidationError when null, blank or longer than a key may be (keys and names).
 */
export function requiredString(value: string | null | undefined, what: string, options: { isKey?: boolean } = {}): string {
  if (value === null || value === undefined || value.trim() === '') throw new DomainValidationError(`${what} must not be blank`);
  const trimmed = value.trim();
  if (options.isKey && trimmed.length > MAX_KEY_LENGTH) throw new DomainValidationError(`${what} must be at most ${MAX_KEY_LENGTH} characters`);
  return trimmed;
}

/**
 * A Jinja template that must parse (null stays null: nothing to check); checked in the tenant-code pool.
 *
 * @throws DomainValidationError naming the template and the parse error.
 */
export async function assertTemplateParses(source: string | null | undefined, what: string): Promise<void> {
  if (source === null || source === undefined) return;
  const problem = await templateSyntaxProblem(source);
  if (problem) throw new DomainValidationError(`${what} does not parse: ${problem}`);
}

/**
 * Runs a write that may hit a unique index and turns the violation into a 409 with `message`:
 * the pre-check gives the clear answer in the common case, this covers the race between two
 * requests that both passed it.
 *
 * @throws ConflictError when the database refuses a duplicate.
 */
export async function uniqueOrConflict<T>(write: () => Promise<T>, message: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(message);
    throw error;
  }
}
