//! The slow path of the savepoint lab, outside the reducer: get a file's bytes (a chosen or
//! dropped file, or a bundled sample fetched from the site), then drive the model's stepped
//! parser in main-thread tasks of at most [`STEP_MS`] of parsing, yielding to the browser
//! between them and reporting progress through the page's [`Reads`] (a newer read stops an
//! older one at its next step). A file the person read is kept for the tab once it reads well,
//! so that a reload finds the report again: in the tab's session storage (base64) up to 3 MiB,
//! above that in the site's Cache Storage (`browser::kept`). A sample needs no keeping (the
//! link names it, and reading one leaves the person's file kept).

use crate::model::skew::units::format_bytes;
use std::rc::Rc;
use std::time::Duration;

use super::reads::Reads;
use super::state::{ReadFailure, Shared, Timing};
use crate::browser::{self, files, kept};
use crate::model::base64;
use crate::model::fnv::fnv1a;
use crate::model::savepoint::{Budget, SavepointError, Snapshot, SnapshotParser, Step};
use crate::model::training::Sample;
use yew::platform::{spawn_local, time::sleep};

/// Parsing time per main-thread task before yielding (the task also holds one budget step).
pub const STEP_MS: f64 = 25.0;
/// One call of the stepper: small enough that a task ends soon after [`STEP_MS`].
const BUDGET: Budget = Budget { bytes: 256 * 1024, items: 250 };

/// Where the last file read in this tab is kept: its name, and its bytes as base64 (or, for a
/// larger file, [`KEPT_LARGE`] saying it is in Cache Storage under [`KEPT_AS`]).
const KEPT_NAME: &str = "rescale-lab.savepoint-file.name";
const KEPT_BYTES: &str = "rescale-lab.savepoint-file.bytes";
const KEPT_LARGE: &str = "rescale-lab.savepoint-file.large";
/// The large file's [`print`]: the site's Cache Storage holds one large file, and a tab made
/// from this one (Duplicate tab, a link opened in a new tab) shares this tab's name for it.
const KEPT_PRINT: &str = "rescale-lab.savepoint-file.print";
const KEPT_AS: &str = "savepoint-file";

/// What [`read_kept`] adds to a reopened file's name.
pub const REOPENED: &str = " (reopened: kept in this tab)";

/// The largest file read: a checkpoint's `_metadata` is kilobytes to megabytes (state inline
/// in it is bounded by the small-file threshold), and a browser tab holds a file of gigabytes
/// several times over while reading it (a 1 GB file took a 2.5 GB tab), or cannot at all.
pub const MAX_READ_BYTES: usize = 1 << 30;
/// The largest file kept for the tab (in Cache Storage): beyond it a reload asks for it again.
/// Handing the bytes to the cache holds the page in one task of the browser's own (measured:
/// 100 MB, 0.36-0.4 s; 40 MB, under 90 ms), which no chunking of ours splits.
pub const MAX_KEPT_LARGE_BYTES: usize = 64 << 20;

/// Reads a file the person chose or dropped (one larger than [`MAX_READ_BYTES`] is refused,
/// naming the bound, before any byte is read).
pub fn read_file(file: files::File, reads: &Reads) {
    let (reads, name, size) = (reads.clone(), files::name(&file), files::size(&file));
    let ticket = reads.start(name.clone(), None, size);
    spawn_local(async move {
        let bytes = match readable(size) {
            Ok(()) => files::file_bytes(&file).await,
            Err(why) => Err(why),
        };
        parse_stepped(bytes, ticket, reads, Some(name)).await;
    });
}

/// Whether a file of `size` bytes is read: up to [`MAX_READ_BYTES`], else why not.
pub fn readable(size: usize) -> Result<(), String> {
    if size <= MAX_READ_BYTES {
        return Ok(());
    }
    Err(format!(
        "it is {size} bytes ({}), and this inspector reads files of up to {MAX_READ_BYTES} bytes (1 GiB): a _metadata file that large is not a checkpoint's",
        format_bytes(size as u64)
    ))
}

/// Reads the file kept in this tab, if there is one and it decodes; true when a read started.
pub fn read_kept(reads: &Reads) -> bool {
    if let (Some(name), Some(bytes)) = (browser::session_get(KEPT_NAME), browser::session_get(KEPT_LARGE)) {
        let reads = reads.clone();
        let ticket = reads.start(format!("{name}{REOPENED}"), None, bytes.parse().unwrap_or(0));
        spawn_local(async move {
            let gone = "the file kept for this tab is gone (the browser let it go): choose it again";
            let taken = "another tab has kept a large file of its own since (the site keeps one at a time), so this tab's is gone: choose it again";
            let printed = browser::session_get(KEPT_PRINT);
            let bytes = match kept::kept(KEPT_AS).await {
                None => Err(gone.to_string()),
                // Found by a walk-through: another tab's file was shown under this tab's name.
                Some(b) if printed.is_some_and(|p| p != print(&b)) => Err(taken.to_string()),
                Some(b) => Ok(b),
            };
            parse_stepped(bytes, ticket, reads, None).await;
        });
        return true;
    }
    let kept = browser::session_get(KEPT_NAME).zip(browser::session_get(KEPT_BYTES).and_then(|b| base64::decode(&b)));
    let Some((name, bytes)) = kept else { return false };
    let reads = reads.clone();
    let ticket = reads.start(format!("{name}{REOPENED}"), None, bytes.len());
    spawn_local(async move { parse_stepped(Ok(bytes), ticket, reads, None).await });
    true
}

/// The largest file kept: its base64 (4 MiB of text) fits the browser's session storage, and
/// encoding it stays a short task. A larger file is not encoded at all.
const MAX_KEPT_BYTES: usize = 3 << 20;

/// Keeps a file that read well for this tab: in session storage if it fits, else in Cache
/// Storage (or nowhere, when the browser has none here).
fn keep(name: &str, bytes: Vec<u8>) {
    // What was kept before goes (the Cache Storage copy too: `kept::keep` replaces it).
    let had_large = browser::session_get(KEPT_LARGE).is_some();
    for key in [KEPT_NAME, KEPT_BYTES, KEPT_LARGE, KEPT_PRINT] {
        browser::session_remove(key);
    }
    if bytes.len() <= MAX_KEPT_BYTES {
        if !(browser::session_set(KEPT_BYTES, &base64::encode(&bytes)) && browser::session_set(KEPT_NAME, name)) {
            forget_kept();
        }
        if had_large {
            spawn_local(kept::forget());
        }
        return;
    }
    if bytes.len() > MAX_KEPT_LARGE_BYTES {
        if had_large {
            spawn_local(kept::forget());
        }
        return;
    }
    let (name, len, printed) = (name.to_string(), bytes.len(), print(&bytes));
    spawn_local(async move {
        if kept::keep(KEPT_AS, bytes).await {
            browser::session_set(KEPT_LARGE, &len.to_string());
            browser::session_set(KEPT_PRINT, &printed);
            browser::session_set(KEPT_NAME, &name);
        }
    });
}

/// A file's fingerprint: FNV-1a (64 bits) over its length and three 64 KiB stretches (its
/// start, middle and end), enough to tell two `_metadata` files apart without hashing megabytes.
fn print(bytes: &[u8]) -> String {
    const STRETCH: usize = 64 << 10;
    let middle = bytes.len() / 2;
    let stretches = [0..STRETCH, middle..middle + STRETCH, bytes.len().saturating_sub(STRETCH)..bytes.len()];
    let seen = stretches.into_iter().flat_map(|r| bytes.get(r.start..r.end.min(bytes.len())).unwrap_or_default());
    let hash = fnv1a(bytes.len().to_le_bytes().iter().chain(seen));
    format!("{hash:016x}")
}

/// Forgets the kept file (one that could not be kept whole).
fn forget_kept() {
    browser::session_remove(KEPT_NAME);
    browser::session_remove(KEPT_BYTES);
    browser::session_remove(KEPT_PRINT);
    if browser::session_get(KEPT_LARGE).is_some() {
        browser::session_remove(KEPT_LARGE);
        spawn_local(kept::forget());
    }
}

/// Reads a bundled sample from the site (the service worker keeps it for offline use).
pub fn read_sample(sample: Sample, reads: &Reads) {
    let reads = reads.clone();
    let name = format!("{} ({})", sample.title(), sample.path());
    // The file the person read stays kept: a link back to the lab without a sample, or Back,
    // finds it again (a sample is named by its link).
    let ticket = reads.start(name, Some(sample), sample.bytes().len());
    spawn_local(async move {
        let bytes = files::site_bytes(sample.path()).await;
        parse_stepped(bytes, ticket, reads, None).await;
    });
}

/// The parser's calls. Its code is a chunk of its own (`savepoint_parser`), fetched with the
/// first file read rather than with the page, which needs none of it to draw.
#[derive(Clone, Copy)]
struct Parser {
    new: fn(usize) -> Box<SnapshotParser>,
    step: fn(&mut SnapshotParser, &[u8], Budget) -> Step,
    progress: fn(&SnapshotParser) -> u32,
    finish: fn(Box<SnapshotParser>) -> Option<Result<Snapshot, SavepointError>>,
}

/// The chunk's one entry: the parser's calls, as functions the page can hold.
#[cfg_attr(feature = "split", wasm_split_helpers::wasm_split(savepoint_parser, fallible))]
#[allow(clippy::unnecessary_wraps)]
fn savepoint_parser() -> Result<Parser, crate::components::deferred::LoadFailed> {
    Ok(Parser {
        new: |len| Box::new(SnapshotParser::new(len)),
        step: |parser, bytes, budget| parser.step(bytes, budget),
        progress: |parser| parser.progress_permille(),
        finish: |parser| parser.into_result(),
    })
}

/// The parser's calls, once its chunk is here (at once in a build without chunks).
async fn parser() -> Result<Parser, String> {
    #[cfg(feature = "split")]
    let loaded = savepoint_parser().await;
    #[cfg(not(feature = "split"))]
    let loaded = savepoint_parser();
    loaded.map_err(|_| "the reader's code could not be fetched: the page is offline, or a newer version of the lab was installed; reload and try again".to_string())
}

/// Parses in steps; `keep`: the name to keep the file under for this tab once it reads well.
async fn parse_stepped(bytes: Result<Vec<u8>, String>, ticket: u32, reads: Reads, keep_as: Option<String>) {
    let loaded = match parser().await {
        Ok(p) => bytes.map(|b| (p, b)),
        Err(why) => Err(why),
    };
    let (calls, mut bytes) = match loaded {
        Ok(b) => b,
        Err(why) => {
            return reads.done(ticket, Err(ReadFailure::Browser(why)), Timing::default());
        }
    };
    let started = browser::now_ms();
    let mut parser = (calls.new)(bytes.len());
    let mut timing = Timing::default();
    loop {
        // Each task starts after a yield: the copy (or the last step) ran in the one before.
        sleep(Duration::ZERO).await;
        if !reads.current(ticket) {
            return;
        }
        let task = browser::now_ms();
        let mut step = Step::Pending;
        while step == Step::Pending && browser::now_ms() - task < STEP_MS {
            step = (calls.step)(&mut parser, &bytes, BUDGET);
        }
        timing.steps += 1;
        timing.longest_step_ms = timing.longest_step_ms.max((browser::now_ms() - task).max(0.0) as u32);
        if step == Step::Done {
            break;
        }
        reads.progress(ticket, (calls.progress)(&parser));
    }
    timing.total_ms = (browser::now_ms() - started).max(0.0) as u32;
    let result = match (calls.finish)(parser) {
        Some(Ok(snapshot)) => Ok(Shared(Rc::new(snapshot))),
        Some(Err(e)) => Err(ReadFailure::Parse(e)),
        None => Err(ReadFailure::Browser("the reader stopped before the end of the file".into())),
    };
    // Kept in a task of its own, not after the last step's: a 2 MB file's base64 and its
    // session storage write took 50-60 ms.
    if let (Ok(_), Some(name)) = (&result, keep_as) {
        sleep(Duration::ZERO).await;
        if reads.current(ticket) {
            keep(&name, std::mem::take(&mut bytes));
        }
    }
    drop(bytes);
    // The report renders in a task of its own, not after the last step's.
    sleep(Duration::ZERO).await;
    reads.done(ticket, result, timing);
}

#[cfg(test)]
mod tests {
    use super::print;

    #[test]
    fn a_print_tells_files_apart_by_length_and_by_a_byte_in_each_stretch() {
        let big: Vec<u8> = (0..300_000_u32).map(|i| (i % 251) as u8).collect();
        let base = print(&big);
        assert_eq!(print(&big.clone()), base);
        for at in [10, 150_010, 299_990] {
            let mut other = big.clone();
            other[at] ^= 1;
            assert_ne!(print(&other), base, "a byte at {at}");
        }
        assert_ne!(print(&big[..299_999]), base);
        assert_eq!(print(&[]).len(), 16);
        assert_ne!(print(&[1, 2, 3]), print(&[1, 2]));
    }
}
