/** Time comes through a clock so tests can pin it and manifests can record it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** ISO-8601 UTC text, the storage form of every timestamp. */
export function isoNow(clock: Clock = systemClock): string {
  return clock.now().toISOString();
}
