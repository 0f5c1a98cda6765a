/**
 * Work limits of one render or evaluation.
 *
 * Templates are tenant-authored, so nested loops, runaway macro recursion or doubling
 * string concatenation must end in an error instead of pinning the process. The sandbox
 * rewrite charges this budget on every loop item, call and rendered fragment.
 */
export const RENDER_LIMITS = {
  /** Loop items + calls + rendered fragments (a loop item costs ~3µs: this caps a render near 1s). */
  maxSteps: 400_000,
  /** Characters rendered in total (fragments are counted where they are produced). */
  maxOutputChars: 5_000_000,
  /** Length of any single string built by `~`, `+`, `join` or a filter. */
  maxStringChars: 1_000_000,
  /** Nodes in one list/mapping value, counted as printing would see them. */
  maxValueNodes: 200_000,
  /** Items `range()` may produce (100,000 allowed a five-minute request; a document needs far fewer). */
  maxRangeLength: 10_000,
  /**
   * Characters that cost one step when a string is built or transformed: a filter over a 512K
   * string is ~1,000 steps, not 1 (a step is ~3µs; upper-casing 512 characters is about that).
   */
  charsPerStep: 512,
} as const;

/** Steps that building or transforming a string of `length` characters costs. */
export const stepsForChars = (length: number): number => Math.ceil(length / RENDER_LIMITS.charsPerStep);

/** Counters of one render; throws once a limit is passed. */
export class RenderBudget {
  private steps = 0;
  private outputChars = 0;

  /**
   * Charges `count` steps.
   * @throws {Error} when the step limit is exceeded
   */
  step(count = 1): void {
    this.steps += count;
    if (this.steps > RENDER_LIMITS.maxSteps) throw new Error(`template does too much work (step budget of ${RENDER_LIMITS.maxSteps} steps reached)`);
  }

  /**
   * Charges rendered characters.
   * @throws {Error} when the output limit is exceeded
   */
  emit(chars: number): void {
    this.step(1 + stepsForChars(chars));
    this.outputChars += chars;
    if (this.outputChars > RENDER_LIMITS.maxOutputChars)
      throw new Error(`template output is too large (output budget of ${RENDER_LIMITS.maxOutputChars} characters)`);
  }
}

/**
 * Checks one string's length.
 * @throws {Error} when it exceeds the string limit
 */
export function checkStringLength(length: number): void {
  if (length > RENDER_LIMITS.maxStringChars)
    throw new Error(`template builds a string that is too long (string budget of ${RENDER_LIMITS.maxStringChars} characters)`);
}
