/**
 * Lets V8 keep inline caches polymorphic over more object shapes, so the Jinja interpreter runs
 * at its speed instead of through V8's slowest path.
 *
 * @huggingface/jinja builds every runtime value (StringValue, IntegerValue, BooleanValue, … about
 * a dozen classes) and every syntax node (about thirty classes) through one base class whose
 * fields are class fields. A class field is *defined* on the new object, and in the base class's
 * initializer that definition sees one object shape per subclass: past V8's default of four
 * shapes the site goes megamorphic, and on Node 20's V8 a megamorphic field definition is a
 * runtime call (~300 ns instead of ~30 ns). A render creates thousands of values, so this was
 * about two thirds of a template's render time (CPU profile: `<instance_members_initializer>` of
 * the library's RuntimeValue). Sixteen shapes cover the value classes; measured on the templated
 * render bench, a cached template's render went from ~170 µs to ~60 µs of CPU.
 *
 * V8 flags are per process: this also applies to the main thread and every other worker. The
 * flag only widens a cache limit (more shapes kept per site before going generic); nothing
 * changes what any code computes.
 */
import { setFlagsFromString } from 'node:v8';

/** Shapes an inline cache keeps before it goes megamorphic (V8's default is 4). */
const MAX_SHAPES = 16;

let applied = false;

/** Widens V8's polymorphic inline caches for this process (once; later calls do nothing). */
export function widenPolymorphicInlineCaches(): void {
  if (applied) return;
  applied = true;
  setFlagsFromString(`--max-valid-polymorphic-map-count=${MAX_SHAPES}`);
}
