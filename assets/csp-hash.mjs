// Trunk post-build hook (see Trunk.toml), on the staged index.html. It
// minifies the two modules' JavaScript (release builds, js-minify.mjs),
// names the modules and the languages' texts by their content (below),
// and the
// Content-Security-Policy in index.html allows scripts from the site itself
// only: index.html has two inline <script>s (the theme's, in the head, and
// the first screen's, which also loads the game's code; `trunk serve` adds
// its reload script), so this
// allows exactly those scripts by their SHA-256 hash instead of
// 'unsafe-inline'. Not shipped: it only runs at build time.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { minifyGlue } from './js-minify.mjs';

const PLACEHOLDER = "'inline-script-hashes'";
const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error('csp-hash: TRUNK_STAGING_DIR is not set (run me from a Trunk hook)');
  process.exit(1);
}
// Release builds: wasm-bindgen's glue minified first, so that the whole
// app's name below is its shipped content's hash.
if (process.env.TRUNK_PROFILE === 'release') {
  try {
    const saved = await minifyGlue(dir);
    console.log(`csp-hash: the modules' JavaScript minified (${(saved / 1024).toFixed(1)} KB less)`);
  } catch (e) {
    console.error(`csp-hash: ${e.message || e}`);
    process.exit(1);
  }
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
// index.html's loader reads two JSON lists the build fills in: the file
// name of each module of game code (#modules) and of each language's texts
// (#lang-files). `listIn(id)` reads one; `setList(id, list)` writes it back.
const listBlock = (id) => new RegExp(`(<script\\b[^>]*\\bid="?${id}"?[^>]*>)(\\{[^}]*\\})(<\\/script>)`);
function listIn(id) {
  const found = listBlock(id).exec(html);
  if (!found) {
    console.error(`csp-hash: ${file} has no <script id="${id}"> list for its loader`);
    process.exit(1);
  }
  return JSON.parse(found[2]);
}
function setList(id, list) {
  html = html.replace(listBlock(id), (_, open, __, close) => `${open}${JSON.stringify(list)}${close}`);
}
/** The first 16 hex digits of the SHA-256 of `files`' contents, in order. */
function contentHash(...files) {
  const hash = createHash('sha256');
  for (const f of files) hash.update(readFileSync(f));
  return hash.digest('hex').slice(0, 16);
}

// The two modules of game code (index.html loads them itself, so Trunk
// gives them no content hash): each gets one in its file names, written
// into index.html's loader, so that a new build is never served the old
// code from a cache, and the service worker may keep them like any other
// hashed file.
const names = listIn('modules');
const staged = readdirSync(dir);
for (const [key, name] of Object.entries(names)) {
  // Trunk names the first download by its content already (a 64-bit hash
  // in hex without leading zeros: 16 digits or fewer, 15 one build in 16);
  // the whole app (built as Trunk's "worker" type, which it does not load)
  // is named here.
  const trunkHashed = staged.find((f) => new RegExp(`^${name}-[0-9a-f]{1,16}\\.js$`).test(f));
  if (trunkHashed) {
    names[key] = trunkHashed.slice(0, -3);
    continue;
  }
  const js = join(dir, `${name}.js`);
  const wasm = join(dir, `${name}_bg.wasm`);
  if (!existsSync(js) || !existsSync(wasm)) {
    console.error(`csp-hash: ${name}.js or ${name}_bg.wasm is missing from the build`);
    process.exit(1);
  }
  const hashed = `${name}-${contentHash(js, wasm)}`;
  renameSync(js, join(dir, `${hashed}.js`));
  renameSync(wasm, join(dir, `${hashed}_bg.wasm`));
  names[key] = hashed;
}
setList('modules', names);
// The languages' texts (src/i18n/lang/, fetched for the language in
// use) are named by their content the same way: the service worker serves
// them from its cache, and a new build's code must never read an old file.
const langFiles = listIn('lang-files');
for (const [code, name] of Object.entries(langFiles)) {
  const path = join(dir, 'lang', name);
  if (!existsSync(path)) {
    console.error(`csp-hash: lang/${name} is missing from the build`);
    process.exit(1);
  }
  const hashed = name.replace(/\.txt$/, `-${contentHash(path)}.txt`);
  renameSync(path, join(dir, 'lang', hashed));
  langFiles[code] = hashed;
}
setList('lang-files', langFiles);
const hashes = [];
for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
  // Data blocks (application/json) are not scripts the CSP governs.
  if (/\bsrc\s*=/.test(m[1]) || /application\/json/.test(m[1])) continue;
  const digest = createHash('sha256').update(m[2], 'utf8').digest('base64');
  hashes.push(`'sha256-${digest}'`);
}
writeFileSync(file, html.replace(PLACEHOLDER, [...new Set(hashes)].join(' ')));
console.log(`csp-hash: allowed ${hashes.length} inline script(s) by hash`);
