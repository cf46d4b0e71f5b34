//! Reads the fixed texts (`src/i18n/texts/*.txt`, each key with its four
//! languages: `src/i18n/blocks.rs`) and writes, in `OUT_DIR`:
//!
//! - `english.rs`: one `match` arm a key, which `src/i18n/en.rs` compiles
//!   in (English is the fallback, so the first download carries it, and
//!   only it);
//! - `lang/es.txt`, `lang/fr.txt`, `lang/pt.txt`: a first line naming
//!   the order of the keys, then one text a line, in that order
//!   (`src/i18n/fixed.rs`), which native builds compile in. The browser's
//!   build writes the same files beside the game's code
//!   (`assets/lang-files.mjs`, checked equal by `tests/i18n.rs`), fetched
//!   for the language in use;
//! - `file_order.rs`: that order (`FILE_ORDER`, the key of each line) and
//!   its fingerprint (`ORDER`, the FNV-1a hash of the keys' names, one a
//!   line), which `src/i18n/fixed.rs` compiles in: the names themselves
//!   stay out of the game's code.
//!
//! A file that breaks the shape, or a key given twice, stops the build
//! with the file and the line; a key the enum lacks, or lacks a text,
//! does not compile (`Key` is `src/i18n/keys.rs`).

#[allow(dead_code)]
#[path = "src/i18n/blocks.rs"]
mod blocks;

use std::fmt::Write as _;
use std::path::Path;

const TEXTS: &str = "src/i18n/texts";

fn main() {
    println!("cargo:rerun-if-changed={TEXTS}");
    println!("cargo:rerun-if-changed=src/i18n/blocks.rs");
    let out = std::env::var("OUT_DIR").unwrap_or_else(|_| fail("OUT_DIR is not set"));
    let out = Path::new(&out);
    let root = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".to_string());
    let texts_dir = Path::new(&root).join(TEXTS);
    let mut names: Vec<_> = std::fs::read_dir(&texts_dir)
        .unwrap_or_else(|e| fail(&format!("{TEXTS}: {e}")))
        .filter_map(|entry| entry.ok().map(|e| e.file_name()))
        .filter(|name| name.to_string_lossy().ends_with(".txt"))
        .collect();
    names.sort();
    let mut keys: Vec<(String, [String; 4])> = Vec::new();
    for name in names {
        let path = Path::new(TEXTS).join(&name);
        println!("cargo:rerun-if-changed={}", path.display());
        let file = std::fs::read_to_string(texts_dir.join(&name))
            .unwrap_or_else(|e| fail(&format!("{}: {e}", path.display())));
        let blocks = blocks::read(&file, &|_| true)
            .unwrap_or_else(|e| fail(&format!("{}: {e}", path.display())));
        for block in blocks {
            if keys.iter().any(|(k, _)| *k == block.name) {
                fail(&format!(
                    "{}: line {}: {} is given in another file too",
                    path.display(),
                    block.line,
                    block.name
                ));
            }
            let key: &'static str = Box::leak(block.name.clone().into_boxed_str());
            let texts = block
                .complete(key)
                .unwrap_or_else(|e| fail(&format!("{}: {e}", path.display())));
            keys.push((block.name.clone(), texts.map(str::to_string)));
        }
    }
    let mut english = String::from("match key {\n");
    for (name, texts) in &keys {
        let _ = writeln!(english, "    Key::{name} => {:?},", texts[0]);
    }
    english.push_str("}\n");
    write(&out.join("english.rs"), &english);
    let order = fingerprint(keys.iter().map(|(name, _)| name.as_str()));
    let mut file_order = String::from("/// The key of each line of a language's file, in order.\n");
    let _ = writeln!(file_order, "const FILE_ORDER: [Key; {}] = [", keys.len());
    for (name, _) in &keys {
        let _ = writeln!(file_order, "    Key::{name},");
    }
    file_order.push_str("];\n/// The fingerprint of that order, on each file's first line.\n");
    let _ = writeln!(file_order, "const ORDER: u32 = 0x{order:08x};");
    write(&out.join("file_order.rs"), &file_order);
    let dir = out.join("lang");
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| fail(&format!("{}: {e}", dir.display())));
    for (l, code) in blocks::CODES.iter().enumerate().skip(1) {
        let mut file = language_header(order);
        for (_, texts) in &keys {
            let _ = writeln!(file, "{}", blocks::escape(&texts[l]));
        }
        write(&dir.join(format!("{code}.txt")), &file);
    }
}

/// The FNV-1a hash (32 bits) of the keys' names, one a line
/// (`assets/lang-files.mjs` computes the same).
fn fingerprint<'a>(names: impl Iterator<Item = &'a str>) -> u32 {
    let mut hash: u32 = 0x811c_9dc5;
    for name in names {
        for byte in name.bytes().chain(std::iter::once(b'\n')) {
            hash ^= u32::from(byte);
            hash = hash.wrapping_mul(0x0100_0193);
        }
    }
    hash
}

/// The first line of a language's file: the order its lines follow
/// (`src/i18n/fixed.rs` reads it; `assets/lang-files.mjs` writes the same).
fn language_header(order: u32) -> String {
    format!("# ONO 99 fixed texts, one a line in the order {order:08x}\n")
}

fn write(path: &Path, text: &str) {
    // Unchanged files keep their time, so nothing rebuilds for nothing.
    if std::fs::read_to_string(path).is_ok_and(|old| old == text) {
        return;
    }
    std::fs::write(path, text).unwrap_or_else(|e| fail(&format!("{}: {e}", path.display())));
}

fn fail(why: &str) -> ! {
    panic!("the texts: {why}")
}
