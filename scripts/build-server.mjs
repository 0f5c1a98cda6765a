// Builds the server into dist/ (issue #17, start-up): type-checks with tsc, then bundles with
// esbuild so that start-up reads a few files instead of ~1,650 ES modules.
//
// Layout of dist/ (flat, so every file finds every other beside its own `import.meta.url`):
// - main.js: the service;
// - config.js, server.js: entries too, for the contract tour, which starts the built service
//   in-process from them (test/contract/quire-server.ts); they share their code with main.js;
// - <name>.worker.js: one entry per src/**/<name>.worker.ts — worker threads are started from
//   `new URL('./<name>.worker.js', import.meta.url)` (kernel/module-worker.ts), and in a bundle
//   that URL is the bundle's, so the worker must sit in dist/ itself;
// - chunk-*.js: code shared by entries or imported on first use (`await import(…)` stays lazy);
// - uno_bridge.py: the PDF converter's program (pdf/bridge-program.ts looks beside the module).
// Packages that cannot be bundled stay external (see EXTERNAL) and load from node_modules.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'src');

/**
 * Kept out of the bundle, with why:
 * - better-sqlite3: a native addon (loads its .node file through `bindings`);
 * - pdfjs-dist: loads its own worker and font/cmap files by path;
 * - pg-native: pg's optional native binding, not installed;
 * - @scalar/fastify-api-reference: serves files from its package directory;
 * - chrono-node, compromise: `require`d on first use through createRequire (never bundled anyway).
 */
const EXTERNAL = ['better-sqlite3', 'pdfjs-dist', 'pdfjs-dist/*', 'pg-native', '@scalar/fastify-api-reference', 'chrono-node', 'compromise'];

function workerEntries(dir) {
  const found = [];
  for (const item of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, item.name);
    // test-support workers run from source only (tsconfig.build.json excludes them too).
    if (item.isDirectory()) {
      if (item.name !== 'test-support') found.push(...workerEntries(full));
    } else if (item.name.endsWith('.worker.ts')) found.push(full);
  }
  return found;
}

/**
 * `outdir` is dist/ for the service; the built-service test builds into a directory of its own
 * (beside a package.json and node_modules, as a deployment lays it out).
 */
export async function buildServer({ typecheck = true, outdir = path.join(root, 'dist') } = {}) {
  const dist = outdir;
  if (typecheck) {
    const tsc = spawnSync(path.join(root, 'node_modules', '.bin', 'tsc'), ['-p', path.join(root, 'tsconfig.build.json'), '--noEmit'], {
      stdio: 'inherit',
      cwd: root,
    });
    if (tsc.status !== 0) throw new Error(`tsc failed (exit ${tsc.status})`);
  }
  const workers = workerEntries(src);
  const names = ['main', 'config', 'server', ...workers.map((file) => path.basename(file, '.ts'))];
  const duplicate = names.find((name, index) => names.indexOf(name) !== index);
  if (duplicate) throw new Error(`two entry modules are named ${duplicate}.ts: dist/ is flat, rename one`);

  // Everything but the console (built by its own workspace) is this build's output: old files
  // (the per-module layout tsc wrote before, chunks of an earlier build) would only mislead.
  fs.mkdirSync(dist, { recursive: true });
  for (const item of fs.readdirSync(dist)) if (item !== 'console') fs.rmSync(path.join(dist, item), { recursive: true, force: true });

  // A dev dependency, like tsc: loaded only when a build runs.
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: [path.join(src, 'main.ts'), path.join(src, 'config.ts'), path.join(src, 'server.ts'), ...workers],
    outdir: dist,
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'bundle',
    external: EXTERNAL,
    // No `keepNames`: it wraps every named function and class in a `__name(…)` call that runs
    // each time the function is created, and Fastify's hook runner creates closures on every
    // request (a cached GET took 13–35 % more CPU with it in alternating runs, issue #17).
    // Without it a name is the source's unless the bundle renamed it to avoid a collision; for
    // Quire's own classes (error names reach logs and job errors) `keptClassNames` below fails
    // the build in that case.
    keepNames: false,
    // Less text to compile at start (about 10 % of start-up CPU); identifiers stay as written,
    // and the source maps beside each file map a trace back (`node --enable-source-maps`).
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: true,
    legalComments: 'linked',
    logLevel: 'warning',
    // Bundled CommonJS packages call `require` for Node's built-ins and read `__dirname`; an ES
    // module has neither, so each output file defines them for itself. What they then find
    // beside dist/ was checked: pino's transport workers (no transport is configured) and
    // @fastify/swagger's package.json defaults (a missing file gives {}; the `info` we pass wins).
    // The banner is text esbuild does not read, in each file's top-level scope beside the bundled
    // modules, whose names esbuild keeps clear of the globals those modules use but not of the
    // ones the banner uses: uuid's `const URL = '6ba7…'` became a file-wide `var URL` in exceljs's
    // chunk, so `new URL(…)` here threw "URL is not a constructor" and every .xlsx failed under
    // `npm start` (issue #28). So the banner reads no global: only what it imports as `__quire…`.
    banner: {
      js: [
        "import { createRequire as __quireCreateRequire } from 'node:module';",
        "import { dirname as __quireDirname } from 'node:path';",
        "import { fileURLToPath as __quireFileURLToPath } from 'node:url';",
        'const require = __quireCreateRequire(import.meta.url);',
        'const __filename = __quireFileURLToPath(import.meta.url);',
        'const __dirname = __quireDirname(__filename);',
      ].join('\n'),
    },
  });
  fs.copyFileSync(path.join(src, 'pdf', 'uno_bridge.py'), path.join(dist, 'uno_bridge.py'));
  keptClassNames(dist);
}

/** The classes declared in src/ (test files too: harmless, and simpler than telling them apart). */
function sourceClassNames(dir, names = new Set()) {
  for (const item of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, item.name);
    if (item.isDirectory()) sourceClassNames(full, names);
    else if (item.name.endsWith('.ts')) {
      for (const match of fs.readFileSync(full, 'utf8').matchAll(/^\s*(?:export\s+)?(?:abstract\s+)?class\s+([A-Za-z_$][\w$]*)/gm)) names.add(match[1]);
    }
  }
  return names;
}

/**
 * Fails when the bundle renamed one of Quire's classes (esbuild appends a number to the second
 * of two colliding top-level names: `NotFoundError2`), whose `name` would then differ at run
 * time. A library class renamed beside one of ours fails it too: rename ours, it is cheaper
 * than telling the two apart.
 */
function keptClassNames(dist) {
  const names = sourceClassNames(src);
  const renamed = new Set();
  for (const file of fs.readdirSync(dist).filter((name) => name.endsWith('.js'))) {
    const text = fs.readFileSync(path.join(dist, file), 'utf8');
    for (const match of text.matchAll(/\bclass ([A-Za-z_$][\w$]*?)\d+\b|\b([A-Za-z_$][\w$]*?)\d+=class\b/g)) {
      const base = match[1] ?? match[2];
      if (names.has(base)) renamed.add(base);
    }
  }
  if (renamed.size > 0)
    throw new Error(
      `the bundle renamed these classes of src/ to avoid a collision, so their run-time names would change: ${[...renamed].join(', ')}; give them names used nowhere else`,
    );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const at = process.argv.indexOf('--outdir');
    await buildServer({
      typecheck: !process.argv.includes('--no-typecheck'),
      ...(at > 0 && process.argv[at + 1] ? { outdir: path.resolve(process.argv[at + 1]) } : {}),
    });
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
