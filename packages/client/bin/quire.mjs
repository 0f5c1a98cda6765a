#!/usr/bin/env node
// `quire`: runs the compiled CLI, building the package first when dist/ is missing or older
// than its sources, so `npx quire …` works straight after `npm ci` (as `npm start` does).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'dist', 'src', 'cli', 'main.js');

function newestSourceTime(dir) {
  let newest = 0;
  for (const item of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, item.name);
    if (item.isDirectory()) newest = Math.max(newest, newestSourceTime(full));
    else if (item.name.endsWith('.ts')) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

const newest = Math.max(newestSourceTime(path.join(root, 'src')), fs.statSync(path.join(root, 'tsconfig.json')).mtimeMs);
if (!fs.existsSync(entry) || fs.statSync(entry).mtimeMs < newest) {
  process.stderr.write('Building the Quire client (dist/ is missing or stale)…\n');
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.json')], { stdio: 'inherit', cwd: root });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.utimesSync(entry, new Date(), new Date());
}
const { main } = await import(pathToFileURL(entry).href);
process.exitCode = await main(process.argv.slice(2));
