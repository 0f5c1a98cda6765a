/** True when `root/dist/<entry>` exists and is newer than src/, package.json and tsconfig.build.json. */
export function distIsFresh(root: string, entry?: string): boolean;
