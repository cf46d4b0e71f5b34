// A tiny static server for dist/, on 127.0.0.1 and a free port. It serves
// the site under the path the build was made for (the <base href> Trunk
// wrote into dist/index.html, e.g. /ono99/ for GitHub Pages), and nothing
// else: a request outside that path is a 404, so a wrong absolute URL in
// the build fails the tests just as it would on Pages.
//
// Like GitHub Pages, it compresses text and WebAssembly: a request that
// accepts gzip gets html, js, css, wasm, json, svg and webmanifest files
// with Content-Encoding: gzip (level 6, Pages' own is similar; the
// compressed bodies are kept in memory), so what crosses the wire in a
// test is what crosses it on the site. `serve(dir, { gzip: false })`
// sends every file as it is.
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { readFile, stat } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
};

/** The files GitHub Pages sends gzipped (to a client that accepts it). */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.json', '.svg', '.webmanifest', '.txt']);

/** Whether an Accept-Encoding header accepts gzip (not refused by q=0). */
function acceptsGzip(header) {
  return String(header || '').split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== 'x-gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/** The public path the build expects: the href of its <base> element. */
export function basePath(distDir) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  // Quoted, or bare as the release build's minified HTML writes it.
  const m = html.match(/<base\s+href=(?:"([^"]*)"|([^\s>"]+))/i);
  let base = m ? (m[1] ?? m[2]) : '/';
  if (!base.startsWith('/')) base = '/' + base;
  if (!base.endsWith('/')) base += '/';
  return base;
}

/** Starts the server; resolves to { url, base, close() }. */
export async function serve(distDir, { gzip = true, cacheControl = 'no-store', delayMs = 0 } = {}) {
  // `deploy(dir)` swaps the site for another build, as a deployment does:
  // the old build's files are gone at once.
  let root = resolve(distDir);
  const base = basePath(root);
  // path -> { mtimeMs, size, body }: each file compressed once per version.
  const compressed = new Map();
  const gzipped = (file, info, body) => {
    const hit = compressed.get(file);
    if (hit && hit.mtimeMs === info.mtimeMs && hit.size === info.size) return hit.body;
    const z = gzipSync(body, { level: 6 });
    compressed.set(file, { mtimeMs: info.mtimeMs, size: info.size, body: z });
    return z;
  };
  const server = createServer(async (req, res) => {
    // A round trip added to every request (a phone's network, when the
    // link itself is shaped outside the browser: scripts/shared-link.sh).
    if (delayMs) await new Promise((ok) => setTimeout(ok, delayMs));
    try {
      const url = new URL(req.url, 'http://localhost');
      let path = decodeURIComponent(url.pathname);
      if (!path.startsWith(base)) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found (outside the site path)');
        return;
      }
      path = path.slice(base.length);
      if (path === '' || path.endsWith('/')) path += 'index.html';
      const file = normalize(join(root, path));
      if (file !== root && !file.startsWith(root + sep)) {
        res.writeHead(403).end();
        return;
      }
      const info = await stat(file).catch(() => null);
      if (!info || !info.isFile()) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      let body = await readFile(file);
      const headers = {
        'content-type': TYPES[extname(file)] || 'application/octet-stream',
        'cache-control': cacheControl,
      };
      if (gzip && COMPRESSIBLE.has(extname(file))) {
        headers.vary = 'Accept-Encoding';
        if (acceptsGzip(req.headers['accept-encoding'])) {
          body = gzipped(file, info, body);
          headers['content-encoding'] = 'gzip';
        }
      }
      headers['content-length'] = body.length;
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  return {
    origin: `http://127.0.0.1:${port}`,
    url: `http://127.0.0.1:${port}${base}`,
    base,
    deploy: (dir) => { root = resolve(dir); },
    close: () => new Promise((ok) => server.close(ok)),
  };
}
