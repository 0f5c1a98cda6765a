/**
 * The only place that knows which SQL dialect is in use. Repositories ask it for the few
 * things that differ (counts come back as strings on PostgreSQL, booleans as integers).
 */
export type DialectName = 'sqlite' | 'postgres';

/** Booleans are stored as 0/1 on both dialects. */
export function toDbBool(value: boolean): number {
  return value ? 1 : 0;
}

export function fromDbBool(value: number | boolean | null | undefined): boolean {
  return value === true || value === 1;
}

/** `count(*)` is a number on SQLite and a string (bigint) on PostgreSQL. */
export function toCount(value: string | number | bigint | null | undefined): number {
  return value === null || value === undefined ? 0 : Number(value);
}

/** Unique-constraint violations, recognized on both dialects so commands can answer 409/422. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Foreign-key violations on both dialects: a write to a child whose parent was deleted meanwhile. */
export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** PostgreSQL's "try again": a serialization failure or a deadlock between two transactions. */
export function isRetryableConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '40001' || code === '40P01';
}
