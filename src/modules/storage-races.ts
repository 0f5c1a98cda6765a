/**
 * Races between two requests surface as database constraint errors: a fields PUT (or a new
 * section, snapshot, data-need, run) whose document a concurrent DELETE removed after the write
 * checked it fails its foreign key; two creations of one unique key collide. Those are the
 * client's 404 and 409, never a 500. Translated in ONE place: the transaction helper
 * (`CommandContext.transaction`) and, for writes made outside a transaction, the HTTP error
 * mapper's last resort — never per route or per repository.
 */
import { ConflictError, NotFoundError, ServiceUnavailableError } from '../kernel/errors.js';
import { isDatabaseUnavailable } from '../storage/database-unavailable.js';
import { isForeignKeyViolation, isRetryableConflict, isUniqueViolation } from '../storage/dialect.js';

/** What a client is told to wait while the database is unreachable (a restart takes seconds). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The domain error a storage race means, or the error itself when it is not one. */
export function translateStorageRace(error: unknown): unknown {
  if (isForeignKeyViolation(error)) return new NotFoundError('not found: it was deleted while this request was writing to it');
  if (isUniqueViolation(error)) return new ConflictError('a concurrent request wrote the same item; retry');
  if (isRetryableConflict(error)) return new ConflictError('a concurrent request changed the same data; retry');
  // Not a race, but the same place: every database error of a request passes here.
  if (isDatabaseUnavailable(error))
    return new ServiceUnavailableError('the database is unavailable (restarting or unreachable); retry shortly', DATABASE_RETRY_AFTER_SECONDS);
  return error;
}
