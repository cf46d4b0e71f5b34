// Trunk post-build hook (see Trunk.toml), on the staged index.html. It
// minifies the JavaScript of the two modules and of the search worker
// and shortens the names between each module and its JavaScript (release
// builds, js-minify.mjs and wasm-names.mjs), writes the languages' texts
// (lang-files.mjs), names them and those texts by their content (below),
// writes the search worker's entry file and the same page as the whole
// app's (app/index.html), and the
// Content-Security-Policy in index.html allows scripts from the site itself
// only: index.html has three inline <script>s (the theme's and the one
// that starts the page's module early, in the head, and the first
// screen's, which also loads the game's code; `trunk serve` adds its
// reload script), so this
// allows exactly those scripts by their SHA-256 hash instead of
// 'unsafe-inline'. Not shipped: it only runs at build time.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { minifyGlue, minifyInline } from './js-minify.mjs';
import { shortenNames } from './wasm-names.mjs';
import { writeLangFiles } from './lang-files.mjs';

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
    const shorter = shortenNames(dir);
    console.log(`csp-hash: the names between the modules and their JavaScript shortened (${(shorter / 1024).toFixed(1)} KB less)`);
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

// The two modules of game code and the search worker (index.html loads
// the modules itself; Trunk gives a worker no content hash): each gets one
// in its file names, written into index.html's loader, so that a new build
// is never served the old code from a cache, nor one file of the old build
// with one of the new, and the service worker may keep them like any other
// hashed file.
const names = listIn('modules');
const staged = readdirSync(dir);
for (const [key, name] of Object.entries(names)) {
  // Trunk names the first download (a 64-bit hash in hex without leading
  // zeros: 16 digits or fewer, 15 one build in 16), but from its code
  // before wasm-opt and before this hook changed it (wasm-names.mjs): a
  // change to either alone would keep the name, and an offline copy would
  // pair the old wasm with the new glue. So it is named again here, like
  // the whole app and the search worker (built as Trunk's "worker" type,
  // which it does not load, and does not name).
  const trunkHashed = staged.find((f) => new RegExp(`^${name}-[0-9a-f]{1,16}\\.js$`).test(f));
  const base = trunkHashed ? trunkHashed.slice(0, -3) : name;
  const js = join(dir, `${base}.js`);
  const wasm = join(dir, `${base}_bg.wasm`);
  if (!existsSync(js) || !existsSync(wasm)) {
    console.error(`csp-hash: ${base}.js or ${base}_bg.wasm is missing from the build`);
    process.exit(1);
  }
  const hashed = `${name}-${contentHash(js, wasm)}`;
  renameSync(js, join(dir, `${hashed}.js`));
  renameSync(wasm, join(dir, `${hashed}_bg.wasm`));
  names[key] = hashed;
}
// The search worker (src/ui/platform/worker.rs) runs as a module worker
// from an entry file that starts its glue with its wasm. Its content is
// fixed by their names, so it carries their content hash too: a page only
// ever starts the glue and wasm of its own build. The page learns the
// entry's name from `data-worker` on <html>, which outlives the body the
// app clears when it mounts (index.html's script does not load the worker:
// its name leaves #modules, a few bytes less in the first download).
// Top-level await: a wasm that fails to load fails the worker's script,
// an `error` event for the page, which then decides bots' moves itself.
const worker = names.worker;
delete names.worker;
setList('modules', names);
if (worker) {
  const entry = `${worker}_loader.js`;
  writeFileSync(
    join(dir, entry),
    // (A relative address: fetched from beside the entry file.)
    `import i from'./${worker}.js';await i({module_or_path:'${worker}_bg.wasm'})\n`,
  );
  const root = /<html\b([^>]*)>/i.exec(html);
  if (!root || /\bdata-worker\b/.test(root[1])) {
    console.error(`csp-hash: ${file} has no <html> tag to name the search worker on (or names it already)`);
    process.exit(1);
  }
  html = html.replace(root[0], `<html${root[1]} data-worker="${entry}">`);
}
// The languages' texts, fetched for the language in use, are written
// from the fixed texts' files (src/i18n/texts/*.txt, lang-files.mjs) and
// named by their content the same way: the service worker serves them
// from its cache, and a new build's code must never read an old file.
const langFiles = listIn('lang-files');
try {
  const written = writeLangFiles(join(dir, 'lang'));
  for (const code of Object.keys(langFiles)) {
    if (written[code] !== langFiles[code]) throw new Error(`#lang-files names ${code}: ${langFiles[code]}, the build writes ${written[code]}`);
  }
} catch (e) {
  console.error(`csp-hash: ${e.message || e}`);
  process.exit(1);
}
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
// Release builds: the inline scripts minified too (their hashes below are
// of the shipped text).
if (process.env.TRUNK_PROFILE === 'release') {
  const inline = /(<script\b([^>]*)>)([\s\S]*?)(<\/script>)/gi;
  const parts = [];
  for (const m of html.matchAll(inline)) {
    if (/\bsrc\s*=/.test(m[2]) || /application\/json/.test(m[2]) || !m[3].trim()) continue;
    try {
      parts.push([m[0], `${m[1]}${await minifyInline(m[3])}${m[4]}`]);
    } catch (e) {
      console.error(`csp-hash: an inline script could not be minified: ${e.message || e}`);
      process.exit(1);
    }
  }
  for (const [from, to] of parts) html = html.replace(from, () => to);
}
const hashes = [];
for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
  // Data blocks (application/json) are not scripts the CSP governs.
  if (/\bsrc\s*=/.test(m[1]) || /application\/json/.test(m[1])) continue;
  const digest = createHash('sha256').update(m[2], 'utf8').digest('base64');
  hashes.push(`'sha256-${digest}'`);
}
const shipped = html.replace(PLACEHOLDER, [...new Set(hashes)].join(' '));
// The whole app's page (app/): the same page, whose loader picks the whole
// app's module by its address.
mkdirSync(join(dir, 'app'), { recursive: true });
writeFileSync(join(dir, 'app', 'index.html'), shipped);
// The first page without the whole app's own style sheet (styles/app.css):
// the first download draws none of its screens.
const appSheet = /<link\b[^>]*\bhref="?[^"\s>]*\/app-[0-9a-f]{1,16}\.css"?[^>]*>/;
if (!appSheet.test(shipped)) {
  console.error('csp-hash: the page has no link to the whole app\'s style sheet (app-<hash>.css)');
  process.exit(1);
}
writeFileSync(file, shipped.replace(appSheet, ''));
console.log(`csp-hash: allowed ${hashes.length} inline script(s) by hash`);
// Last, once every file has its final name and content: the service
// worker, whose cache version hashes them all (sw-build.mjs). It runs here,
// after the rest, not as a hook of its own: Trunk runs a stage's hooks at
// the same time, and it would hash files this one is still renaming.
await import('./sw-build.mjs');
