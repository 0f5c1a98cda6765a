/**
 * The one declaration of a data-need and of a gathered value. The pipeline owns them because
 * it may import nothing of the modules; the repositories, the spec compiler and the input
 * assembler derive their shapes from these (with `&`, `Pick`, `Omit`) instead of copying fields.
 */
import type { GatheredDerivation } from './gathered-derivation.js';
import type { GatheredSourceInfo } from './ports.js';

/** A data-need as authored (a template spec, a `PUT /spec` body): what to gather and how. */
export interface DataNeedSpec {
  outputKey: string;
  kind: string;
  name: string | null;
  args: Record<string, unknown> | null;
  dependsOn: string[] | null;
  promptBody: string | null;
  toolRef: string | null;
  toolsAvailable: string[] | null;
}

/** A data-need of one document: the authored need with its row id, as the gather stage runs it. */
export interface DataNeed extends DataNeedSpec {
  id: string;
}

/** One gathered value: what the gather stage produced (or reused) and what a gathered row stores. */
export interface GatheredValue {
  outputKey: string;
  kind: string;
  value: unknown;
  /** Where the value came from, so it can be cited; null for values that cite nothing (fields, templates). */
  source: GatheredSourceInfo | null;
  /** The hash of everything the value was derived from (`derivationHash(derivation)`): the gather cache's key. */
  inputsHash: string;
  /** What the value was derived from, input by input; null for rows stored before it was recorded. */
  derivation: GatheredDerivation | null;
}
