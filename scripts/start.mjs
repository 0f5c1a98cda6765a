// `npm start`: builds dist/ when it is missing or older than the sources, then serves.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'dist', 'main.js');

function newestSourceTime(dir) {
  let newest = 0;
  for (const item of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, item.name);
    if (item.isDirectory()) newest = Math.max(newest, newestSourceTime(full));
    else if (item.name.endsWith('.ts')) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = [path.join(root, 'src'), path.join(root, 'package.json'), path.join(root, 'tsconfig.build.json')];
const newest = Math.max(newestSourceTime(sources[0]), fs.statSync(sources[1]).mtimeMs, fs.statSync(sources[2]).mtimeMs);
if (!fs.existsSync(entry) || fs.statSync(entry).mtimeMs < newest) {
  process.stderr.write('Building Quire (dist/ is missing or stale)…\n');
  const tsc = path.join(root, 'node_modules', '.bin', 'tsc');
  const result = spawnSync(tsc, ['-p', path.join(root, 'tsconfig.build.json')], { stdio: 'inherit', cwd: root });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.utimesSync(entry, new Date(), new Date());
}
await import(pathToFileURL(entry).href);
