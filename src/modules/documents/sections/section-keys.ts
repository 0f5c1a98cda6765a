/** Section keys: derived from the title, unique within the document, stable afterwards. */
import { slugify } from '../../../kernel/slug.js';

export function deriveSectionKey(title: string, taken: ReadonlySet<string>): string {
  const base = slugify(title, '_');
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}_${n}`)) return `${base}_${n}`;
}
