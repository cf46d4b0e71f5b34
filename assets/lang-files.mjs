// The languages' files the browser fetches (lang/es.txt, lang/fr.txt,
// lang/pt.txt), written from the fixed texts (src/i18n/texts/*.txt: each
// key a block with its four languages, src/i18n/blocks.rs): a first line
// naming the order of the keys (the FNV-1a hash of their names, one a
// line), then one text a line in that order, as the block writes it
// (src/i18n/fixed.rs). build.rs writes the same files for native builds;
// tests/i18n.rs checks that both write the same bytes. csp-hash.mjs calls
// this before it names the files by their content. Not shipped: it only
// runs at build time.
//
//   node assets/lang-files.mjs <out-dir>    writes <out-dir>/{es,fr,pt}.txt
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const CODES = ['en', 'es', 'fr', 'pt'];
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const TEXTS = join(ROOT, 'src', 'i18n', 'texts');

/** Every key of the texts' files, in file-name order then the order of
 * its block: [name, {code: text as written}]. Throws on a file the build
 * would refuse (build.rs checks the rest: escapes, arguments). */
export function readKeys(textsDir = TEXTS) {
  const keys = new Map();
  const files = readdirSync(textsDir).filter((f) => f.endsWith('.txt')).sort();
  for (const f of files) {
    const seen = new Set();
    let key = null;
    readFileSync(join(textsDir, f), 'utf8').split('\n').forEach((raw0, i) => {
      const raw = raw0.endsWith('\r') ? raw0.slice(0, -1) : raw0;
      const where = `src/i18n/texts/${f}: line ${i + 1}`;
      const trimmed = raw.trim();
      if (!trimmed || trimmed.startsWith('#')) return;
      if (trimmed.startsWith('[') && trimmed.endsWith(']')) {
        const name = trimmed.slice(1, -1).trim();
        if (keys.has(name) && !seen.has(name)) throw new Error(`${where}: ${name} is given in another file too`);
        if (!keys.has(name)) keys.set(name, {});
        seen.add(name);
        key = keys.get(name);
        return;
      }
      const eq = raw.indexOf('=');
      if (eq < 0) throw new Error(`${where}: expected \`[KeyName]\`, \`lang = text\`, a note or nothing`);
      if (!key) throw new Error(`${where}: a text before any \`[KeyName]\``);
      const code = raw.slice(0, eq).trim();
      if (!CODES.includes(code)) throw new Error(`${where}: no language is called \`${code}\``);
      if (code in key) throw new Error(`${where}: this key's text in this language is given a second time`);
      const text = raw.slice(eq + 1);
      key[code] = text.startsWith(' ') ? text.slice(1) : text;
    });
  }
  for (const [name, texts] of keys) {
    for (const code of CODES) {
      if (!(code in texts)) throw new Error(`src/i18n/texts: ${name} has no ${code} text`);
    }
  }
  return [...keys];
}

/** The FNV-1a hash (32 bits) of the keys' names, one a line, in hex (as
 * build.rs computes it). */
export function orderOf(keys) {
  let hash = 0x811c9dc5;
  for (const [name] of keys) {
    for (const byte of Buffer.from(`${name}\n`, 'utf8')) {
      hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
    }
  }
  return hash.toString(16).padStart(8, '0');
}

/** The file of language `code` (as build.rs writes it). */
export function languageFile(keys, code) {
  let out = `# ONO 99 fixed texts, one a line in the order ${orderOf(keys)}\n`;
  for (const [, texts] of keys) out += `${texts[code]}\n`;
  return out;
}

/** Writes every language's file but English's (compiled into the game)
 * into `outDir`; returns their names by code ({es: 'es.txt', …}). */
export function writeLangFiles(outDir) {
  const keys = readKeys();
  mkdirSync(outDir, { recursive: true });
  const files = {};
  for (const code of CODES.slice(1)) {
    files[code] = `${code}.txt`;
    writeFileSync(join(outDir, files[code]), languageFile(keys, code));
  }
  return files;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  if (!process.argv[2]) {
    console.error('usage: node assets/lang-files.mjs <out-dir>');
    process.exit(2);
  }
  try {
    writeLangFiles(process.argv[2]);
  } catch (e) {
    console.error(`lang-files: ${e.message || e}`);
    process.exit(1);
  }
}
