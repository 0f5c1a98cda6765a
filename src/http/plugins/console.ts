/**
 * The web console (issue #16): the single-page application built into dist/console by
 * `npm run build` (packages/console), served at /app.
 *
 * - `/app/assets/<file>`: the bundle's hashed files, cached for a year (a new build has new
 *   names), sent pre-compressed (brotli or gzip, made once per file) so a page load costs no
 *   compression work.
 * - Every other `/app/…` path answers index.html, so deep links and reloads reach the page's
 *   own router; the server's auth mode, and the name of the identity provider when the OIDC
 *   sign-in is configured, are filled into <meta> tags (the page's CSP allows no inline script,
 *   and this costs the page no request).
 * - `/` redirects to `/app/`.
 * With CONSOLE_ENABLED=false none of these routes exist (404, as any unknown path).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface ConsoleSettings {
  enabled: boolean;
  /** The built console (index.html and assets/). */
  dir: string;
  authMode: 'dev' | 'oidc';
  /** Set when the console offers the OIDC sign-in: the name on its button. */
  oidcProviderName?: string | undefined;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** Worth compressing: text formats (images and fonts are compressed already). */
const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.json', '.txt']);

/** Only plain file names: no separators, no leading dot, so nothing outside assets/ is reachable. */
const ASSET_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

interface Asset {
  type: string;
  raw: Buffer;
  br: Buffer | undefined;
  gzip: Buffer | undefined;
}

export function installConsole(app: FastifyInstance, settings: ConsoleSettings): void {
  if (!settings.enabled) return;
  const assets = new Map<string, Promise<Asset | undefined>>();

  const loadAsset = (name: string): Promise<Asset | undefined> => {
    let loading = assets.get(name);
    if (!loading) {
      loading = readAsset(path.join(settings.dir, 'assets', name));
      assets.set(name, loading);
      // A missing file is not remembered: a build that lands later serves it.
      loading.then(
        (asset) => asset ?? assets.delete(name),
        () => assets.delete(name),
      );
    }
    return loading;
  };

  const serveAsset = async (request: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) => {
    const name = request.params.name;
    const asset = ASSET_NAME.test(name) ? await loadAsset(name) : undefined;
    if (!asset) {
      reply.callNotFound();
      return reply;
    }
    reply.header('content-type', asset.type).header('cache-control', 'public, max-age=31536000, immutable').header('vary', 'accept-encoding');
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (asset.br && /\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(asset.br);
    if (asset.gzip && /\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(asset.gzip);
    return reply.send(asset.raw);
  };

  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    // A file the build does not have is a 404, never the page (a script tag would get HTML).
    if (request.url.startsWith('/app/assets/')) {
      reply.callNotFound();
      return reply;
    }
    let html: string;
    try {
      html = await fs.readFile(path.join(settings.dir, 'index.html'), 'utf8');
    } catch {
      return reply
        .code(503)
        .send({ detail: `the console is enabled but not built (no index.html in ${settings.dir}): run \`npm run build\`, or set CONSOLE_ENABLED=false` });
    }
    html = html.replace(/<meta name="quire-auth-mode" content="[^"]*"\s*\/?>/, `<meta name="quire-auth-mode" content="${settings.authMode}" />`);
    html = html.replace(
      /<meta name="quire-oidc-provider" content="[^"]*"\s*\/?>/,
      `<meta name="quire-oidc-provider" content="${escapeAttribute(settings.oidcProviderName ?? '')}" />`,
    );
    // The page is small and names the current build's assets: always revalidated.
    return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  };

  const hidden = { schema: { hide: true }, logLevel: 'warn' as const };
  app.get('/', hidden, async (_request, reply) => reply.redirect('/app/', 302));
  app.get<{ Params: { name: string } }>('/app/assets/:name', hidden, serveAsset);
  // `/app/` is the same route as `/app` (the app ignores trailing slashes).
  app.get('/app', hidden, servePage);
  app.get('/app/*', hidden, servePage);
}

async function readAsset(file: string): Promise<Asset | undefined> {
  let raw: Buffer;
  try {
    raw = await fs.readFile(file);
  } catch {
    return undefined;
  }
  const extension = path.extname(file).toLowerCase();
  const type = CONTENT_TYPES[extension] ?? 'application/octet-stream';
  if (!COMPRESSIBLE.has(extension) || raw.length < 1024) return { type, raw, br: undefined, gzip: undefined };
  const [br, gzip] = await Promise.all([
    new Promise<Buffer>((resolve, reject) =>
      zlib.brotliCompress(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }, (error, out) =>
        error ? reject(error) : resolve(out),
      ),
    ),
    new Promise<Buffer>((resolve, reject) => zlib.gzip(raw, { level: 9 }, (error, out) => (error ? reject(error) : resolve(out)))),
  ]);
  return { type, raw, br, gzip };
}
