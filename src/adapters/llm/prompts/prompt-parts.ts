/** Small pieces shared by the task prompts. */

/** Pretty JSON for a prompt; `{}` for nothing. Undefined values are dropped by JSON itself. */
export function jsonBlock(value: unknown): string {
  return JSON.stringify(value ?? {}, null, 2) ?? '{}';
}

/** "- key: value" lines for the non-empty entries of an object (nested values as JSON). */
export function bulletLines(record: Record<string, unknown>): string[] {
  return Object.entries(record)
    .filter(([, v]) => v !== null && v !== undefined && !(typeof v === 'string' && v.trim() === ''))
    .map(([k, v]) => `- ${k}: ${typeof v === 'string' ? v.trim() : JSON.stringify(v)}`);
}

/** Cuts a long example text at a word boundary, marking the cut. */
export function clip(text: string, max: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= max) return trimmed;
  const cut = trimmed.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut} …`;
}
