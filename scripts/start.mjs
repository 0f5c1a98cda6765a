// `npm start`: builds dist/ when it is missing or older than the sources, then serves.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { distIsFresh } from './dist-freshness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'dist', 'main.js');

if (!distIsFresh(root)) {
  process.stderr.write('Building Quire (dist/ is missing or stale)…\n');
  const tsc = path.join(root, 'node_modules', '.bin', 'tsc');
  const result = spawnSync(tsc, ['-p', path.join(root, 'tsconfig.build.json')], { stdio: 'inherit', cwd: root });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.utimesSync(entry, new Date(), new Date());
}
await import(pathToFileURL(entry).href);
