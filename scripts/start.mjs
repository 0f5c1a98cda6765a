// `npm start`: builds dist/ when it is missing or older than the sources, then serves.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { consoleIsFresh, distIsFresh } from './dist-freshness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'dist', 'main.js');

if (!distIsFresh(root)) {
  process.stderr.write('Building Quire (dist/ is missing or stale)…\n');
  try {
    // Imported only here: it loads esbuild, which a fresh dist/ does not need.
    const { buildServer } = await import('./build-server.mjs');
    await buildServer();
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
// The web console at /app (issue #16), unless it is turned off.
if (process.env.CONSOLE_ENABLED !== 'false' && !process.env.CONSOLE_DIR && !consoleIsFresh(root)) {
  process.stderr.write('Building the console (dist/console is missing or stale)…\n');
  // Its output goes to stderr: stdout carries the server's JSON log lines.
  const result = spawnSync('npm', ['run', '--silent', 'build', '-w', '@quire/console'], { stdio: ['ignore', process.stderr, 'inherit'], cwd: root });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(pathToFileURL(entry).href);
