/** pg-boss's own SQL text builders (pg-boss 10, `src/plans.js`, CommonJS); only what Quire uses. */
declare module 'pg-boss/src/plans.js' {
  /** The claim: `$1` the queue's name, `$2` how many jobs; returns the claimed jobs' rows. */
  export function fetchNextJob(schema: string): (options?: { includeMetadata?: boolean; priority?: boolean; ignoreStartAfter?: boolean }) => string;
}
