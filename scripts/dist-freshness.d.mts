/** True when `root/dist/<entry>` exists and is newer than src/, package.json, tsconfig.build.json and scripts/build-server.mjs. */
export function distIsFresh(root: string, entry?: string): boolean;
/** True when dist/console/index.html exists and is newer than packages/console and the client's sources it bundles. */
export function consoleIsFresh(root: string): boolean;
