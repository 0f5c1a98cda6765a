/**
 * Output file names from a pattern over the row's fields: `{{ client_name }} - letter` with each
 * `{{ name }}` replaced by the field's value (`row` is the row number). Deliberately not Jinja:
 * a file name needs substitution only, and tenant text is never rendered on the main thread.
 * Names are made safe for every file system and unique within the run.
 */
import { DomainValidationError } from '../../kernel/errors.js';

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*\}\}/g;
/** Characters Windows, macOS or zip tools refuse or misread in a name, and control characters. */
const UNSAFE = /[<>:"/\\|?*\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200e\u200f]/g;
const MAX_STEM = 120;

/** The names a pattern uses. */
export function namesInPattern(pattern: string): string[] {
  return [...pattern.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
}

/**
 * @throws DomainValidationError when the pattern names something that is neither a field nor `row`, or has no text at all.
 */
export function assertPattern(pattern: string, fieldKeys: readonly string[]): void {
  if (pattern.trim() === '' || pattern.length > 500) throw new DomainValidationError('fileNamePattern must have 1 to 500 characters');
  const unknown = namesInPattern(pattern).filter((name) => name !== 'row' && !fieldKeys.includes(name));
  if (unknown.length > 0) {
    throw new DomainValidationError(
      `fileNamePattern names ${unknown.map((n) => `"${n}"`).join(', ')}, which the template has no field for (use a field key or "row")`,
    );
  }
}

/** The stem for one row: placeholders filled, unsafe characters replaced, whitespace collapsed, bounded; never empty. */
export function fileStemOf(pattern: string, fields: Record<string, string>, rowNumber: number): string {
  const filled = pattern.replace(PLACEHOLDER, (_all, name: string) => (name === 'row' ? String(rowNumber) : (fields[name] ?? '')));
  let stem = filled
    .normalize('NFC')
    .replace(UNSAFE, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .replace(/[. ]+$/, '');
  if (stem.length > MAX_STEM) stem = stem.slice(0, MAX_STEM).replace(/[\ud800-\udbff]$/, '');
  return stem === '' || stem === '_' ? `row-${rowNumber}` : stem;
}

/** Gives each stem its extension, numbering repeats case-insensitively (`Name.docx`, `Name (2).docx`). */
export class UniqueFileNames {
  private readonly taken = new Set<string>();

  constructor(private readonly extension: string) {}

  next(stem: string): string {
    let name = `${stem}.${this.extension}`;
    for (let n = 2; this.taken.has(name.toLowerCase()); n += 1) name = `${stem} (${n}).${this.extension}`;
    this.taken.add(name.toLowerCase());
    return name;
  }
}
