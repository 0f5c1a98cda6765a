/**
 * Reading a processor's `options` (free-form JSON from the assessment or the request). A value
 * of the wrong type is ignored rather than refused: the options were validated as JSON only, and
 * a processor must still run with its defaults.
 */

/** Reads a positive, finite numeric option; anything else gives the default. */
export function numOpt(options: Record<string, unknown> | undefined, key: string, dflt: number): number {
  const v = options?.[key];
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : dflt;
}

/** Reads a string option; anything else gives undefined. */
export function strOpt(options: Record<string, unknown> | undefined, key: string): string | undefined {
  const v = options?.[key];
  return typeof v === 'string' ? v : undefined;
}
