// Whether dist/ is at least as new as the sources it is built from: `npm start` builds when it
// is not, and the contract tour runs the built server only when it is.
import fs from 'node:fs';
import path from 'node:path';

function newestSourceTime(dir) {
  let newest = 0;
  for (const item of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, item.name);
    if (item.isDirectory()) newest = Math.max(newest, newestSourceTime(full));
    else if (item.name.endsWith('.ts')) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * True when `root/dist/<entry>` exists and is newer than src/, package.json, tsconfig.build.json
 * and the build script (scripts/build-server.mjs decides what dist/ holds).
 */
export function distIsFresh(root, entry = 'main.js') {
  const built = path.join(root, 'dist', entry);
  if (!fs.existsSync(built)) return false;
  const inputs = ['package.json', 'tsconfig.build.json', path.join('scripts', 'build-server.mjs')].map((file) => fs.statSync(path.join(root, file)).mtimeMs);
  const newest = Math.max(newestSourceTime(path.join(root, 'src')), ...inputs);
  return fs.statSync(built).mtimeMs >= newest;
}

function newestFileTime(dir) {
  let newest = 0;
  for (const item of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, item.name);
    newest = Math.max(newest, item.isDirectory() ? newestFileTime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * True when the console's build (dist/console/index.html) is newer than what it is built from:
 * packages/console (its sources, page and build config) and the client's sources it bundles.
 */
export function consoleIsFresh(root) {
  const built = path.join(root, 'dist', 'console', 'index.html');
  if (!fs.existsSync(built)) return false;
  const consoleDir = path.join(root, 'packages', 'console');
  const newest = Math.max(
    newestFileTime(path.join(consoleDir, 'src')),
    ...['index.html', 'vite.config.ts', 'package.json'].map((name) => fs.statSync(path.join(consoleDir, name)).mtimeMs),
    newestSourceTime(path.join(root, 'packages', 'client', 'src')),
  );
  return fs.statSync(built).mtimeMs >= newest;
}
