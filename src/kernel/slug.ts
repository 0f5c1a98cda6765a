/** URL- and key-safe identifiers derived from titles. */

/** "Data Protection Impact Assessment!" → "data-protection-impact-assessment" (never empty). */
export function slugify(text: string, separator = '-'): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, separator)
    .replace(new RegExp(`^\\${separator}+|\\${separator}+$`, 'g'), '')
    .slice(0, 60);
  return slug || 'untitled';
}

/** The first of `base`, `base-2`, `base-3`, … that `taken` does not hold. */
export function uniqueSlug(base: string, taken: (candidate: string) => boolean | Promise<boolean>, separator = '-'): Promise<string> {
  return (async () => {
    if (!(await taken(base))) return base;
    for (let n = 2; ; n += 1) {
      const candidate = `${base}${separator}${n}`;
      if (!(await taken(candidate))) return candidate;
    }
  })();
}
