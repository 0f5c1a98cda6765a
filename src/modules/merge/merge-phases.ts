/** Where a merge row's time went (wall clock, ms): shown on its `row_done` event, summed by the merge bench. */
export interface MergePhaseMs {
  create: number;
  generate: number;
  export: number;
  store: number;
}

/** Laps of the wall clock, to one decimal of a millisecond. */
export function phaseTimer(): { lap(): number } {
  let last = performance.now();
  return {
    lap() {
      const now = performance.now();
      const ms = Math.round((now - last) * 10) / 10;
      last = now;
      return ms;
    },
  };
}
