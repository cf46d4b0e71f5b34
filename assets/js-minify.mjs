// Part of the post-build hook (csp-hash.mjs runs it first, release builds
// only): minifies the JavaScript that wasm-bindgen writes beside the two
// modules of game code (the first download, the whole app) and the search
// worker. Trunk's own minifier cannot read those files (ES modules: it
// stops at their `export`), so they would ship as written: about 2 KB more
// to download before the first card. (The search worker was once a classic
// script, which Trunk's minifier did read, but not the same way twice: its
// declarations came out in another order each build.) Terser's output is
// the same for the same input. Not shipped: it only runs at build time.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { minify } from 'terser';

// Each glue file is an ES module: only its exports keep their names.
// (Trunk's hash in a name is hex without leading zeros: up to 16 digits.)
// wasm-names.mjs reads the same files.
export const GLUE = /^ono99-(web|full|friend|worker)(-[0-9a-f]{1,16})?\.js$/;

/** Minifies the modules' glue in `dir`, in place; returns the bytes saved.
 *  Throws, naming the file, if one cannot be minified. */
export async function minifyGlue(dir) {
  let saved = 0;
  for (const file of readdirSync(dir)) {
    if (!GLUE.test(file)) continue;
    const path = join(dir, file);
    let source = readFileSync(path, 'utf8');
    // The search worker's entry file only calls the default export (see
    // csp-hash.mjs): without `initSync` exported, its code goes too (0.3 KB).
    if (file.startsWith('ono99-worker')) {
      source = source.replace(/export \{ initSync, __wbg_init as default \};/, 'export { __wbg_init as default };');
    }
    let result;
    try {
      result = await minify(source, {
        module: true,
        toplevel: true,
        compress: { passes: 2 },
        mangle: true,
        format: { comments: false },
      });
    } catch (e) {
      throw new Error(`${file} could not be minified: ${e.message || e}`);
    }
    if (typeof result.code !== 'string' || !result.code.length) throw new Error(`${file} came out empty`);
    writeFileSync(path, result.code);
    saved += source.length - result.code.length;
  }
  return saved;
}

/** Minifies the page's own inline script `source` (a classic script: its
 *  globals keep their names); throws if it cannot be read. Trunk's HTML
 *  minifier leaves inline scripts as written, comments and all. */
export async function minifyInline(source) {
  const result = await minify(source, {
    compress: { passes: 2 },
    mangle: true,
    format: { comments: false },
  });
  if (typeof result.code !== 'string' || !result.code.length) throw new Error('an inline script came out empty');
  return result.code;
}
