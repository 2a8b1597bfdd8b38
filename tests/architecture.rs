//! The code map's rules, read from the sources themselves (ARCHITECTURE.md states them):
//! arrows between the top-level modules point down the layer list, no two files of `src/`
//! reach each other (directly or round a circle), a lab names another lab only through that
//! lab's `query` module (the links it writes into it), browser calls are made in `src/browser/`
//! only (and `panic_panel`, `bench_export`), a lab is its folder and one registry line (the
//! build and its linker name no lab, `Cargo.toml` has no feature per lab), deferred chunks are
//! named after the module that shows them, no HTML is written from a string (the sources and the
//! scripts the site ships), and no reducer calls the browser nor the model std I/O. Test code
//! (`#[cfg(test)] mod tests`, `*_tests.rs`, `tests.rs`) is left out: a test may reach wherever
//! it must.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// The top-level modules, lowest first: a module may name only those before it.
const LAYERS: &[&[&str]] = &[
    &["model"],
    &["lab", "cli", "bench_export"],
    &["url"],
    &["browser"],
    &["charts", "panic_panel"],
    &["components"],
    &["labs"],
    &["embed"],
    &["embed_view"],
    &["app"],
];

/// Calls into the browser that only `src/browser/` (and the panic panel, which must work when
/// all else has failed, and the benchmark's exports) may make. Naming a web-sys type is fine.
const BROWSER_CALLS: &[&str] =
    &["web_sys::window", "web_sys::console", "js_sys::", "gloo_timers::", "wasm_bindgen_futures::"];

/// A source file: its module path (`["labs", "owners", "query"]`) and its code without
/// comments and test modules.
struct Source {
    path: String,
    module: Vec<String>,
    code: String,
}

fn sources() -> Vec<Source> {
    let mut out = Vec::new();
    walk(Path::new(env!("CARGO_MANIFEST_DIR")).join("src").as_path(), &mut out);
    assert!(out.len() > 100, "read only {} source files", out.len());
    out
}

fn walk(dir: &Path, out: &mut Vec<Source>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            walk(&path, out);
            continue;
        }
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if !name.ends_with(".rs")
            || name.ends_with("_tests.rs")
            || name == "tests.rs"
            || path.to_string_lossy().contains("/src/bin/")
        {
            continue;
        }
        let rel = path.strip_prefix(Path::new(env!("CARGO_MANIFEST_DIR")).join("src")).unwrap();
        let mut module: Vec<String> = rel.with_extension("").iter().map(|s| s.to_string_lossy().to_string()).collect();
        if matches!(module.last().map(String::as_str), Some("mod" | "lib" | "main")) {
            module.pop();
        }
        let text = fs::read_to_string(&path).unwrap();
        let text = text.split("#[cfg(test)]\nmod tests").next().unwrap();
        let code: String = text.lines().map(|l| l.split("//").next().unwrap()).collect::<Vec<_>>().join("\n");
        out.push(Source { path: rel.to_string_lossy().to_string(), module, code });
    }
}

/// A piece of a path as written: a name, `::`, or the braces and commas of a `use` group.
#[derive(Debug, PartialEq)]
enum Piece {
    Name(String),
    Sep,
    Open,
    Close,
    Comma,
}

/// The pieces of the path that starts `rest`, up to its end (outside braces, the first
/// character that cannot be in a path; inside, white space and `as` renames are passed over).
fn pieces(rest: &str) -> Vec<Piece> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut chars = rest.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            c if c.is_alphanumeric() || c == '_' => {
                let mut end = i + c.len_utf8();
                while let Some(&(j, d)) = chars.peek() {
                    if !(d.is_alphanumeric() || d == '_') {
                        break;
                    }
                    end = j + d.len_utf8();
                    chars.next();
                }
                out.push(Piece::Name(rest[i..end].to_string()));
            }
            ':' if rest[i..].starts_with("::") => {
                chars.next();
                out.push(Piece::Sep);
            }
            '{' => {
                depth += 1;
                out.push(Piece::Open);
            }
            '}' if depth > 0 => {
                depth -= 1;
                out.push(Piece::Close);
                if depth == 0 {
                    break;
                }
            }
            ',' if depth > 0 => out.push(Piece::Comma),
            c if c.is_whitespace() && depth > 0 => {}
            '*' if depth > 0 => {}
            _ => break,
        }
    }
    // `a as b`: the name is `a`.
    let mut kept = Vec::new();
    let mut skip = false;
    for piece in out {
        if skip {
            skip = false;
            continue;
        }
        if piece == Piece::Name("as".into()) {
            skip = true;
            continue;
        }
        kept.push(piece);
    }
    kept
}

/// The paths a use tree names: `a::b`, or each leaf of `a::{b, c::{d, e}}`.
fn leaves(pieces: &[Piece], at: &mut usize, prefix: &[String], out: &mut Vec<Vec<String>>) {
    let mut path = prefix.to_vec();
    loop {
        match pieces.get(*at) {
            Some(Piece::Name(name)) => {
                if name != "self" || path.is_empty() {
                    path.push(name.clone());
                }
                *at += 1;
            }
            Some(Piece::Open) => {
                *at += 1;
                loop {
                    leaves(pieces, at, &path, out);
                    match pieces.get(*at) {
                        Some(Piece::Comma) => *at += 1,
                        Some(Piece::Close) => {
                            *at += 1;
                            return;
                        }
                        _ => return,
                    }
                    if pieces.get(*at) == Some(&Piece::Close) {
                        *at += 1;
                        return;
                    }
                }
            }
            _ => break,
        }
        if pieces.get(*at) != Some(&Piece::Sep) {
            break;
        }
        *at += 1;
    }
    if !path.is_empty() {
        out.push(path);
    }
}

/// Every `crate::a::b` / `super::a` path in the code (each leaf of a `use` group too),
/// resolved to an absolute module path (the core crate's `crate` is `model`).
fn references(source: &Source) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let code = source.code.as_str();
    for (start, _) in code.match_indices(['c', 's']) {
        let rest = &code[start..];
        let starts_path = ["crate::", "super::"].iter().any(|p| rest.starts_with(p));
        let boundary = start == 0 || !code[..start].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':');
        if !starts_path || !boundary {
            continue;
        }
        let mut paths = Vec::new();
        leaves(&pieces(rest), &mut 0, &[], &mut paths);
        for path in paths {
            let mut base: Vec<String> = if path[0] == "crate" {
                if source.module.first().map(String::as_str) == Some("model") {
                    vec!["model".into()]
                } else {
                    vec![]
                }
            } else {
                source.module.clone()
            };
            let mut segments = path.iter().skip(if path[0] == "crate" { 1 } else { 0 }).peekable();
            while segments.peek().is_some_and(|s| *s == "super") {
                base.pop();
                segments.next();
            }
            base.extend(segments.cloned());
            out.push(base);
        }
    }
    out
}

#[test]
fn use_groups_are_read_leaf_by_leaf() {
    let mut paths = Vec::new();
    leaves(&pieces("crate::a::{b, c::{d as e, self}, f::*};"), &mut 0, &[], &mut paths);
    let names: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(names, ["crate::a::b", "crate::a::c::d", "crate::a::c", "crate::a::f"]);
    let mut one = Vec::new();
    leaves(&pieces("super::super::x::Y>"), &mut 0, &[], &mut one);
    assert_eq!(one, [["super", "super", "x", "Y"].map(String::from).to_vec()]);
}

/// The file a module path lands in: the longest prefix that is a source file.
fn resolve<'a>(by_module: &'a BTreeMap<Vec<String>, String>, path: &[String]) -> Option<&'a String> {
    (1..=path.len()).rev().find_map(|n| by_module.get(&path[..n]))
}

fn rank(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

#[test]
fn arrows_between_top_level_modules_point_down() {
    let mut up = Vec::new();
    for source in sources() {
        let Some(from) = source.module.first() else { continue };
        let from_rank = rank(from).unwrap_or_else(|| panic!("{} is in no layer of LAYERS", source.path));
        for path in references(&source) {
            let Some(to) = path.first() else { continue };
            if to == from {
                continue;
            }
            let to_rank = rank(to).unwrap_or_else(|| panic!("{} names {to}, which is in no layer", source.path));
            if to_rank >= from_rank {
                up.push(format!("{} → {}", source.path, path.join("::")));
            }
        }
    }
    assert!(up.is_empty(), "arrows up or sideways:\n{}", up.join("\n"));
}

#[test]
fn no_source_files_reach_each_other_round_a_circle() {
    let sources = sources();
    let by_module: BTreeMap<Vec<String>, String> = sources.iter().map(|s| (s.module.clone(), s.path.clone())).collect();
    let mut edges: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for source in &sources {
        for path in references(source) {
            if let Some(to) = resolve(&by_module, &path) {
                if *to != source.path {
                    edges.entry(source.path.as_str()).or_default().insert(to.as_str());
                }
            }
        }
    }
    // A file is on a circle when it reaches itself.
    let mut circles = Vec::new();
    for &start in edges.keys() {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<&str> = edges[start].iter().copied().collect();
        while let Some(file) = stack.pop() {
            if file == start {
                circles.push(start);
                break;
            }
            if seen.insert(file) {
                stack.extend(edges.get(file).into_iter().flatten().copied());
            }
        }
    }
    assert!(circles.is_empty(), "files on a circle: {circles:?}");
    assert!(edges.len() > 100, "found the references of only {} files", edges.len());
}

#[test]
fn a_lab_names_another_lab_only_through_its_query() {
    let labs = lab_folders();
    assert_eq!(labs.len(), rescale_lab::lab::Lab::ALL.len(), "lab folders, one per registered lab: {labs:?}");
    let mut wrong = Vec::new();
    for source in sources() {
        let [top, lab, ..] = source.module.as_slice() else { continue };
        if top != "labs" || !labs.contains(lab) {
            continue;
        }
        for path in references(&source) {
            if let [labs_dir, other, rest @ ..] = path.as_slice() {
                if labs_dir == "labs"
                    && labs.contains(other)
                    && other != lab
                    && rest.first().map(String::as_str) != Some("query")
                {
                    wrong.push(format!("{} → {}", source.path, path.join("::")));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "a lab reaching into another lab:\n{}", wrong.join("\n"));
}

#[test]
fn browser_calls_are_made_in_src_browser_only() {
    let mut wrong = Vec::new();
    for source in sources() {
        if matches!(source.module.first().map(String::as_str), Some("browser" | "panic_panel" | "bench_export")) {
            continue;
        }
        for call in BROWSER_CALLS {
            if source.code.contains(call) {
                wrong.push(format!("{}: {call}", source.path));
            }
        }
    }
    assert!(wrong.is_empty(), "browser calls outside src/browser/:\n{}", wrong.join("\n"));
}

/// The lab folders under `src/labs/` (a folder there is a lab: `lab::tests` holds that).
fn lab_folders() -> BTreeSet<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/labs");
    fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .map(|p| p.file_name().unwrap().to_string_lossy().to_string())
        .collect()
}

/// A new lab is its folder and one registry line: the build finds the labs in the folders (no
/// list in `tools/build.sh` or its linker, no feature per lab in `Cargo.toml`) and compiles the
/// app once, and the registry line names the folder.
#[test]
fn a_lab_is_its_folder_and_one_registry_line() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let folders = lab_folders();
    assert_eq!(folders.len(), rescale_lab::lab::Lab::ALL.len(), "lab folders, one per registered lab: {folders:?}");
    let build = fs::read_to_string(root.join("tools/build.sh")).unwrap();
    assert!(build.contains("for folder in src/labs/*/"), "tools/build.sh finds the labs in the folders");
    assert_eq!(build.matches("cargo rustc").count(), 1, "tools/build.sh compiles the app once");
    let linker = fs::read_to_string(root.join("tools/link-modules.sh")).unwrap();
    let manifest = fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let registry = fs::read_to_string(root.join("src/lab.rs")).unwrap();
    for slug in &folders {
        assert!(!build.contains(slug.as_str()), "tools/build.sh names the lab {slug}");
        assert!(!linker.contains(slug.as_str()), "tools/link-modules.sh names the lab {slug}");
        assert!(!manifest.contains(&format!("lab-{slug}")), "Cargo.toml has a feature for {slug}");
        let line = format!("({slug}: ");
        assert_eq!(registry.matches(&line).count(), 1, "one registry line names the folder {slug}");
    }
}

/// A deferred part's chunk goes to the wasm modules its name starts with (`tools/link-modules.sh`):
/// a lab's part is named after the lab's folder, a part outside the labs' folders is home's
/// (`home_`) or every lab's (`lab_`). The linker stops on a name that starts with no module's;
/// this also catches a part named after the wrong lab, which would leave that lab's module
/// without it.
#[test]
fn a_deferred_part_is_named_after_the_module_that_shows_it() {
    let mut parts = 0;
    for source in sources() {
        for piece in source.code.split("deferred!(").skip(1) {
            let chunk = piece.split(" chunk ").nth(1).and_then(|c| c.split(',').next()).map(str::trim);
            let Some(chunk) = chunk else { continue };
            parts += 1;
            let folder = source.module.get(1).filter(|_| source.module.first().map(String::as_str) == Some("labs"));
            let folder = folder.filter(|f| lab_folders().contains(*f));
            match folder {
                Some(lab) => assert!(
                    chunk.starts_with(&format!("{lab}_")),
                    "{}: the chunk {chunk} is not named after the lab {lab}",
                    source.path
                ),
                None => assert!(
                    chunk.starts_with("home_") || chunk.starts_with("lab_"),
                    "{}: the chunk {chunk} is named after no module (home_, or lab_ for every lab)",
                    source.path
                ),
            }
        }
    }
    assert!(parts >= 20, "only {parts} deferred parts found: the test no longer reads them");
}

/// User text is rendered as text: no source writes HTML from a string (`inner_html`,
/// `innerHTML`, yew's `from_html_unchecked`), in the app or in the scripts it ships.
#[test]
fn no_html_is_written_from_a_string() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut texts: Vec<(String, String)> = sources().into_iter().map(|s| (s.path, s.code)).collect();
    let shipped =
        fs::read_dir(root.join("static")).unwrap().map(|e| e.unwrap().path()).chain([root.join("www/embed-host.js")]);
    for path in shipped {
        if path.extension().is_some_and(|e| e == "js") {
            texts.push((path.display().to_string(), fs::read_to_string(&path).unwrap()));
        }
    }
    for (path, text) in texts {
        for needle in ["inner_html", "innerHTML", "from_html_unchecked", "outerHTML", "insertAdjacentHTML"] {
            assert!(!text.contains(needle), "{path} writes HTML from a string ({needle})");
        }
    }
}

/// A reducer is pure: no `impl Reducible` block calls anything of `src/browser/`, and the model
/// does no I/O (no files, network, standard streams or environment).
#[test]
fn reducers_and_the_model_touch_no_world() {
    let mut reducers = 0;
    for source in sources() {
        for (at, _) in source.code.match_indices("impl Reducible for") {
            reducers += 1;
            let block = &source.code[at..];
            let block = &block[..block.find("\n}\n").unwrap_or(block.len())];
            assert!(!block.contains("browser::"), "{}: a reducer calls the browser", source.path);
        }
        if source.path.starts_with("model/") {
            for needle in ["std::fs", "std::net", "std::io", "std::env", "println!", "eprintln!", "std::process"] {
                assert!(!source.code.contains(needle), "{}: the model uses {needle}", source.path);
            }
        }
    }
    assert!(reducers >= 6, "found only {reducers} reducers");
}

/// Every file of `dir` and below, as (path from `src/`, text), tests included.
fn all_rust_files(dir: &Path, out: &mut Vec<(String, String)>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            all_rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push((path.display().to_string(), fs::read_to_string(&path).unwrap()));
        }
    }
}

/// Every committed report of real Flink (`tests/flink-*/observed-*.txt`) is named once in
/// `src/model/observed.rs`, no other source reads one by its path, and every name there is read
/// by some other source (a table test holds the report, or the app cites it).
#[test]
fn every_observation_is_named_once_and_held() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let index = fs::read_to_string(root.join("src/model/observed.rs")).unwrap();
    // What the index names: `report!("folder", "file")`, and `per_release!("folder": "v", …)`
    // for `observed-flink-<v>.txt` of each version.
    let quoted = |text: &str| text.split('"').skip(1).step_by(2).map(str::to_string).collect::<Vec<_>>();
    let mut named: Vec<String> = Vec::new();
    for (at, _) in index.match_indices("report!(\"") {
        let args = quoted(index[at..].split(')').next().unwrap());
        named.push(format!("{}/{}", args[0], args[1]));
    }
    for (at, _) in index.match_indices("per_release!(") {
        let args = quoted(index[at..].split(')').next().unwrap());
        named.extend(args[1..].iter().map(|v| format!("{}/observed-flink-{v}.txt", args[0])));
    }
    let mut reports = 0;
    for dir in fs::read_dir(root.join("tests")).unwrap().map(|e| e.unwrap().path()) {
        let folder = dir.file_name().unwrap().to_string_lossy().to_string();
        if !dir.is_dir() || !folder.starts_with("flink-") {
            continue;
        }
        for file in fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().to_string()) {
            if file.starts_with("observed") && file.ends_with(".txt") {
                reports += 1;
                let path = format!("{folder}/{file}");
                assert_eq!(
                    named.iter().filter(|n| **n == path).count(),
                    1,
                    "tests/{path} is not named once in observed.rs"
                );
            }
        }
    }
    assert_eq!(named.len(), reports, "observed.rs names a report that is not committed: {named:?}");
    assert!(reports >= 30, "found only {reports} reports");
    let mut sources = Vec::new();
    all_rust_files(&root.join("src"), &mut sources);
    let others: Vec<&(String, String)> =
        sources.iter().filter(|(path, _)| !path.ends_with("model/observed.rs")).collect();
    for (path, text) in &others {
        let by_path = text.contains("!(\"observed-")
            || text
                .match_indices("include_str!(")
                .any(|(at, _)| text[at..].split(')').next().unwrap().contains("/observed"));
        assert!(!by_path, "{path} reads a report by its path");
    }
    // The names the other sources read: `observed::NAME`, and each of `observed::{A, B as C}`.
    let mut read = BTreeSet::new();
    for (_, text) in &others {
        for (at, _) in text.match_indices("observed::") {
            let rest = &text[at + "observed::".len()..];
            let group = match rest.strip_prefix('{') {
                Some(inner) => &inner[..inner.find('}').unwrap()],
                None => rest,
            };
            for item in group.split(',') {
                let word: String = item.trim().chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
                read.insert(word);
            }
            if !rest.starts_with('{') {
                read.insert(rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect());
            }
        }
    }
    for name in index.lines().filter_map(|l| l.strip_prefix("pub const ")).map(|l| &l[..l.find(':').unwrap()]) {
        assert!(read.contains(name), "observed::{name} is read by no source");
    }
}

/// Letter case is mapped with the ASCII functions: `str::to_lowercase` and `to_uppercase` (and
/// `char`'s) carry core's Unicode case tables, about 14 KB raw, into every module whose code
/// reaches them (www/e2e/code-size.spec.js holds the sizes; this names the cause).
#[test]
fn letter_case_is_mapped_without_unicode_tables() {
    for source in sources() {
        for needle in [".to_lowercase(", ".to_uppercase("] {
            assert!(!source.code.contains(needle), "{}: {needle}) brings the Unicode case tables", source.path);
        }
    }
}
