// Trunk post-build hook (see Trunk.toml): the Content-Security-Policy in
// index.html allows scripts from the site itself only. Trunk writes one
// inline <script> (the loader that starts the WebAssembly; `trunk serve`
// adds its reload script too), so this allows exactly those scripts by their
// SHA-256 hash instead of 'unsafe-inline'. Not shipped: it only runs at
// build time, on the staged index.html.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PLACEHOLDER = "'inline-script-hashes'";
const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error('csp-hash: TRUNK_STAGING_DIR is not set (run me from a Trunk hook)');
  process.exit(1);
}
const file = join(dir, 'index.html');
let html = readFileSync(file, 'utf8');
// `trunk serve` fills the reload script's address and path into every
// response, which would change its hash: fill them in now, the same way
// (the page's own host, the public URL's path), so the served text is
// exactly the hashed text.
let wsBase = process.env.TRUNK_PUBLIC_URL || '/';
try { wsBase = new URL(wsBase, 'http://localhost').pathname; } catch { wsBase = '/'; }
if (!wsBase.endsWith('/')) wsBase += '/';
html = html
  .replaceAll("'{{__TRUNK_ADDRESS__}}'", 'window.location.host')
  .replaceAll('`{{__TRUNK_ADDRESS__}}`', 'window.location.host')
  .replaceAll('{{__TRUNK_WS_BASE__}}', wsBase);
if (!html.includes(PLACEHOLDER)) {
  console.error(`csp-hash: ${file} has no ${PLACEHOLDER} placeholder in its CSP`);
  process.exit(1);
}
const hashes = [];
for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
  if (/\bsrc\s*=/.test(m[1])) continue;
  const digest = createHash('sha256').update(m[2], 'utf8').digest('base64');
  hashes.push(`'sha256-${digest}'`);
}
writeFileSync(file, html.replace(PLACEHOLDER, [...new Set(hashes)].join(' ')));
console.log(`csp-hash: allowed ${hashes.length} inline script(s) by hash`);
