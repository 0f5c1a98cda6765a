/**
 * The console's build: packages/console → dist/console at the repository root, which the server
 * serves at /app (src/http/plugins/console.ts). `@quire/client` is bundled from its TypeScript
 * sources, so the console never waits on the client's own build and pulls in only what it uses.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

export default defineConfig({
  root: here('.'),
  base: '/app/',
  // `@quire/interview`: the server's one evaluator of guided questions' conditions, bundled as it is (docs/adr/0601).
  resolve: { alias: { '@quire/client': here('../client/src/index.ts'), '@quire/interview': here('../../src/kernel/interview.ts') } },
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: here('../../dist/console'),
    emptyOutDir: true,
    // The page runs under a CSP without 'unsafe-inline': no inline polyfill script.
    modulePreload: { polyfill: false },
    // Source maps stay out of the served bundle (they would double what a browser may fetch).
    sourcemap: false,
    reportCompressedSize: true,
  },
});
