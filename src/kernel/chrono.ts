/**
 * chrono-node, loaded on the first date lookup rather than at start: it holds about 20 MB of
 * resident memory that a service which never parses a date does not need. Every user goes
 * through here (and so through one CommonJS instance), never through `import 'chrono-node'`,
 * which would load a second copy.
 */
import { createRequire } from 'node:module';
import type * as Chrono from 'chrono-node';

const require = createRequire(import.meta.url);
let loaded: typeof Chrono | undefined;

export function chrono(): typeof Chrono {
  loaded ??= require('chrono-node') as typeof Chrono;
  return loaded;
}
