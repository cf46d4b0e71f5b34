//! Reads the fixed texts (`src/i18n/texts/*.txt`, each key with its four
//! languages: `src/i18n/blocks.rs`) and writes, in `OUT_DIR`:
//!
//! - `english.rs`: one `match` arm a key, which `src/i18n/en.rs` compiles
//!   in (English is the fallback, so the first download carries it, and
//!   only it);
//! - `lang/es.txt`, `lang/fr.txt`, `lang/pt.txt`: one `KeyName = text`
//!   line a key (`src/i18n/fixed.rs`), which native builds compile in. The
//!   browser's build writes the same files beside the game's code
//!   (`assets/lang-files.mjs`, checked equal by `tests/i18n.rs`), fetched
//!   for the language in use.
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
    let dir = out.join("lang");
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| fail(&format!("{}: {e}", dir.display())));
    for (l, code) in blocks::CODES.iter().enumerate().skip(1) {
        let mut file = language_header(code);
        for (name, texts) in &keys {
            let _ = writeln!(file, "{name} = {}", blocks::escape(&texts[l]));
        }
        write(&dir.join(format!("{code}.txt")), &file);
    }
}

/// The note at the top of a language's file (`assets/lang-files.mjs`
/// writes the same).
fn language_header(code: &str) -> String {
    format!(
        "# The fixed texts in `{code}`, one line a key: `KeyName = text`, written by\n\
         # the build from src/i18n/texts/*.txt. The browser fetches this file when\n\
         # the language is in use.\n"
    )
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
