// Checks the build's renaming of the names between a module of game code
// and its JavaScript glue (assets/wasm-names.mjs), on a small module made
// here byte by byte: after the renaming the glue still links and calls the
// module, the names are short, every other section is kept byte for byte,
// the runtime's own exports keep their names, and a glue or a module the
// renaming cannot follow fails the build with a message naming it.
//
//   node tests/build/wasm-names.mjs
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { shortenNames, shortenWasm } from '../../assets/wasm-names.mjs';

const ONE = '__wbg_one_0123456789abcdef';
const TWO = '__wbg_two_fedcba9876543210';
const SUM = 'wasm_bindgen__convert__closures_____invoke__h0123456789abcdef';
const MODULE = './ono99-web_bg.js';

const name = (s) => [s.length, ...Buffer.from(s)];
const section = (id, body) => [id, body.length, ...body];

/** A module importing ONE and TWO (each returns an i32) and exporting
 *  SUM (their sum), `__start` (never named by the glue) and its memory. */
function module() {
  const type = section(1, [1, 0x60, 0, 1, 0x7f]);
  const imports = section(2, [2, ...name(MODULE), ...name(ONE), 0, 0, ...name(MODULE), ...name(TWO), 0, 0]);
  const funcs = section(3, [1, 0]);
  const memory = section(5, [1, 0, 1]);
  const exports = section(7, [3, ...name('memory'), 2, 0, ...name(SUM), 0, 2, ...name('__start'), 0, 2]);
  const body = [0, 0x10, 0, 0x10, 1, 0x6a, 0x0b];
  const code = section(10, [1, body.length, ...body]);
  return Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, ...type, ...imports, ...funcs, ...memory, ...exports, ...code]);
}

/** The glue: the import object (each import named once), and a call. */
const glue = (extra = '') =>
  `const i={${JSON.stringify(MODULE)}:{${ONE}:()=>2,${TWO}:()=>3${extra}}};export default{imports:i,call:(W)=>W.${SUM}(),memory:(W)=>W.memory};`;

/** The sections of a module: id -> bytes. */
function sections(wasm) {
  const out = new Map();
  let at = 8;
  while (at < wasm.length) {
    const id = wasm[at];
    let size = 0;
    let shift = 0;
    let i = at + 1;
    for (;;) {
      const b = wasm[i++];
      size |= (b & 0x7f) << shift;
      shift += 7;
      if (!(b & 0x80)) break;
    }
    out.set(id, wasm.subarray(i, i + size));
    at = i + size;
  }
  return out;
}

const dir = mkdtempSync(join(tmpdir(), 'wasm-names-'));
try {
  // The renaming links and runs.
  const wasm = module();
  writeFileSync(join(dir, 'ono99-web.js'), glue());
  writeFileSync(join(dir, 'ono99-web_bg.wasm'), wasm);
  const saved = shortenNames(dir);
  const js = readFileSync(join(dir, 'ono99-web.js'), 'utf8');
  const renamed = readFileSync(join(dir, 'ono99-web_bg.wasm'));
  assert.ok(saved > 100, `only ${saved} bytes saved`);
  for (const long of [ONE, TWO, SUM, MODULE]) {
    assert.ok(!js.includes(long) && !renamed.includes(Buffer.from(long)), `${long} is still there`);
  }
  const compiled = new WebAssembly.Module(renamed);
  assert.deepEqual(WebAssembly.Module.imports(compiled).map((i) => `${i.module}.${i.name}`), ['a.a', 'a.b']);
  assert.deepEqual(WebAssembly.Module.exports(compiled).map((e) => e.name), ['memory', 'c', '__start']);
  const { default: g } = await import(`${pathToFileURL(join(dir, 'ono99-web.js')).href}?renamed`);
  const instance = new WebAssembly.Instance(compiled, g.imports);
  assert.equal(g.call(instance.exports), 5, 'the renamed glue does not call the renamed module');
  assert.ok(g.memory(instance.exports) instanceof WebAssembly.Memory, 'memory lost its name');
  // Only the import and export sections changed.
  const before = sections(wasm);
  const after = sections(renamed);
  assert.deepEqual([...after.keys()], [...before.keys()]);
  for (const [id, bytes] of before) {
    if (id !== 2 && id !== 7) assert.ok(bytes.equals(after.get(id)), `section ${id} changed`);
  }
  // The same input gives the same output.
  const again = shortenWasm(wasm, (n) => (glue().match(new RegExp(n, 'g')) || []).length);
  assert.ok(again.wasm.equals(renamed), 'two renamings of one module differ');

  // A glue that names an import twice (here in a second object) is refused.
  writeFileSync(join(dir, 'ono99-web.js'), glue(`,x:{${ONE}:1}`));
  writeFileSync(join(dir, 'ono99-web_bg.wasm'), wasm);
  assert.throws(() => shortenNames(dir), new RegExp(`ono99-web\\.js names ${ONE} 2 times`));
  // A glue that does not name the imports' module is refused.
  writeFileSync(join(dir, 'ono99-web.js'), glue().replace(JSON.stringify(MODULE), '"./other.js"'));
  assert.throws(() => shortenNames(dir), /does not name the module/);
  // A module cut short is refused, naming its file.
  writeFileSync(join(dir, 'ono99-web.js'), glue());
  writeFileSync(join(dir, 'ono99-web_bg.wasm'), wasm.subarray(0, wasm.length - 3));
  assert.throws(() => shortenNames(dir), /ono99-web_bg\.wasm: section 10 at byte \d+ runs past the module/);
  // Not a module at all.
  assert.throws(() => shortenWasm(Buffer.from('not wasm'), () => 0), /not a WebAssembly module/);
  console.log('wasm-names: renamed module links and runs; bad glue and modules refused');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
