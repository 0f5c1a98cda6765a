/** Every import cycle under `baseDir`/src not in `known` (default: the project's list), and every entry of `known` that is gone. */
export function importCycleProblems(baseDir: string, known?: string[]): Promise<{ problems: string[]; files: number }>;
export const KNOWN: string[];
