// Part of the post-build hook (csp-hash.mjs runs it after js-minify.mjs,
// release builds only): gives the names that tie each module of game code
// to its JavaScript glue short ones. wasm-bindgen names every import after
// the browser call it wraps with a 64-bit hash (`__wbg_tagName_775bb0…`),
// and every closure's entry point likewise: in the first download, 217
// imports and 8 such exports, 11 KB of names written twice (in the wasm
// and in the glue), whose hashes gzip cannot shrink. Here each becomes one
// or two letters in both files, and the imports' module ("./ono99-web_bg.js")
// "a": 3.9 KB less gzip for the wasm and 3.0 KB for the glue, before the
// first card. Only the import and export sections of the wasm are
// rewritten; every other byte is kept as it is. The result is the same for
// the same input. Not shipped: it only runs at build time.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GLUE } from './js-minify.mjs';

/** Reads an unsigned LEB128 at `at`: [value, next offset]. */
function leb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (let i = at; i < bytes.length && shift < 64; i++) {
    const b = bytes[i];
    value += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if ((b & 0x80) === 0) return [value, i + 1];
  }
  throw new Error(`a number at byte ${at} runs past its section`);
}

/** An unsigned LEB128's bytes. */
function lebBytes(value) {
  const out = [];
  do {
    let b = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) b |= 0x80;
    out.push(b);
  } while (value > 0);
  return Buffer.from(out);
}

/** A name as the binary format writes it: its length, then UTF-8. */
function nameBytes(name) {
  const text = Buffer.from(name, 'utf8');
  return Buffer.concat([lebBytes(text.length), text]);
}

/** Reads a name at `at`: [name, next offset]. */
function readName(bytes, at) {
  const [length, start] = leb(bytes, at);
  if (start + length > bytes.length) throw new Error(`a name at byte ${at} runs past its section`);
  return [bytes.subarray(start, start + length).toString('utf8'), start + length];
}

/** Skips an import's description (what kind of thing it imports) at `at`. */
function skipImportDesc(bytes, at) {
  const kind = bytes[at];
  let i = at + 1;
  const limits = () => {
    const flags = bytes[i++];
    [, i] = leb(bytes, i);
    if (flags & 1) [, i] = leb(bytes, i);
  };
  switch (kind) {
    case 0: // a function: its type's index
      [, i] = leb(bytes, i);
      return i;
    case 1: // a table: its element type, then its limits
      i++;
      limits();
      return i;
    case 2: // a memory: its limits
      limits();
      return i;
    case 3: // a global: its value type and mutability
      return i + 2;
    case 4: // a tag: its attribute and type index
      [, i] = leb(bytes, i + 1);
      return i;
    default:
      throw new Error(`an import of an unknown kind (${kind}) at byte ${at}`);
  }
}

/** The n-th short name: a … z, A … Z, then two characters, and so on. */
function shortName(n) {
  const first = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const rest = `${first}0123456789`;
  let name = first[n % first.length];
  n = Math.floor(n / first.length);
  while (n > 0) {
    n -= 1;
    name += rest[n % rest.length];
    n = Math.floor(n / rest.length);
  }
  return name;
}

/**
 * Renames a wasm module's imports (their module to "a", each name to a
 * short one) and the exports its glue calls by name, except `memory`.
 * `uses(name)` says how many times the glue names an export. Returns the
 * new module's bytes, the imports' module as it was, and the renaming
 * of the imports and of the exports (old name to new).
 */
export function shortenWasm(wasm, uses) {
  if (wasm.length < 8 || wasm.readUInt32LE(0) !== 0x6d736100 || wasm.readUInt32LE(4) !== 1) {
    throw new Error('not a WebAssembly module (version 1)');
  }
  const parts = [wasm.subarray(0, 8)];
  const imports = new Map();
  const exports = new Map();
  let module = null;
  let next = 0;
  let at = 8;
  while (at < wasm.length) {
    const id = wasm[at];
    const [size, start] = leb(wasm, at + 1);
    const end = start + size;
    if (end > wasm.length) throw new Error(`section ${id} at byte ${at} runs past the module`);
    const body = wasm.subarray(start, end);
    let rewritten = null;
    if (id === 2) {
      // Imports: module, name, description.
      const [count, first] = leb(body, 0);
      const out = [lebBytes(count)];
      let i = first;
      for (let k = 0; k < count; k++) {
        const [from, afterModule] = readName(body, i);
        const [name, afterName] = readName(body, afterModule);
        const afterDesc = skipImportDesc(body, afterName);
        if (module === null) module = from;
        if (from !== module) throw new Error(`imports from two modules (${module}, ${from})`);
        if (imports.has(name)) throw new Error(`the import ${name} is named twice`);
        const short = shortName(next++);
        imports.set(name, short);
        out.push(nameBytes('a'), nameBytes(short), body.subarray(afterName, afterDesc));
        i = afterDesc;
      }
      if (i !== body.length) throw new Error('the import section has bytes after its last import');
      rewritten = Buffer.concat(out);
    } else if (id === 7) {
      // Exports: name, kind, index. `memory` and those the glue never
      // names (the runtime's own) keep their names.
      const [count, first] = leb(body, 0);
      const out = [lebBytes(count)];
      let i = first;
      for (let k = 0; k < count; k++) {
        const [name, afterName] = readName(body, i);
        const [, afterIndex] = leb(body, afterName + 1);
        let kept = name;
        if (name !== 'memory' && uses(name) > 0) {
          if (imports.has(name)) throw new Error(`the export ${name} has an import's name`);
          kept = shortName(next++);
          exports.set(name, kept);
        }
        out.push(nameBytes(kept), body.subarray(afterName, afterIndex));
        i = afterIndex;
      }
      if (i !== body.length) throw new Error('the export section has bytes after its last export');
      rewritten = Buffer.concat(out);
    }
    if (rewritten) {
      parts.push(Buffer.from([id]), lebBytes(rewritten.length), rewritten);
    } else {
      parts.push(wasm.subarray(at, end));
    }
    at = end;
  }
  if (module === null) throw new Error('the module imports nothing');
  return { wasm: Buffer.concat(parts), module, imports, exports };
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `name` as a whole identifier in JavaScript source. */
const token = (name) => new RegExp(`(?<![\\w$])${escape(name)}(?![\\w$])`, 'g');

/**
 * Shortens the names between each module of game code in `dir` and its
 * glue, in place; returns the bytes saved. Throws, naming the file, if the
 * glue does not name each import exactly once (a wasm-bindgen that writes
 * its glue another way), so a build never ships a module its glue cannot
 * link.
 */
export function shortenNames(dir) {
  let saved = 0;
  for (const file of readdirSync(dir)) {
    if (!GLUE.test(file)) continue;
    const wasmFile = file.replace(/\.js$/, '_bg.wasm');
    const jsPath = join(dir, file);
    const wasmPath = join(dir, wasmFile);
    let js = readFileSync(jsPath, 'utf8');
    const wasm = readFileSync(wasmPath);
    const uses = (name) => (js.match(token(name)) || []).length;
    let result;
    try {
      result = shortenWasm(wasm, uses);
    } catch (e) {
      throw new Error(`${wasmFile}: ${e.message || e}`);
    }
    // The renamed module must still compile, importing as many things as
    // before, all from "a" (a section this reader misread would not).
    let compiled;
    try {
      compiled = new WebAssembly.Module(result.wasm);
    } catch (e) {
      throw new Error(`${wasmFile}: renamed, it does not compile: ${e.message || e}`);
    }
    const linked = WebAssembly.Module.imports(compiled);
    if (linked.length !== result.imports.size || linked.some((i) => i.module !== 'a')) {
      throw new Error(`${wasmFile}: renamed, its imports are not the ones it had`);
    }
    const before = wasm.length + Buffer.byteLength(js);
    const quoted = JSON.stringify(result.module);
    if (js.split(quoted).length !== 2) throw new Error(`${file} does not name the module ${quoted} exactly once`);
    js = js.replace(quoted, '"a"');
    // An import is defined once, in the object the glue links with; an
    // export is called wherever the glue needs it.
    for (const [names, once] of [[result.imports, true], [result.exports, false]]) {
      for (const [from, to] of names) {
        const count = uses(from);
        if (once ? count !== 1 : count < 1) throw new Error(`${file} names ${from} ${count} times`);
        js = js.replace(token(from), to);
      }
    }
    writeFileSync(wasmPath, result.wasm);
    writeFileSync(jsPath, js);
    saved += before - result.wasm.length - Buffer.byteLength(js);
  }
  return saved;
}
