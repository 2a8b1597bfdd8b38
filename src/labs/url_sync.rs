//! The one hook every lab uses to keep its state in the URL: after each render whose query
//! changed, the hash is replaced (no history entry, no `hashchange`), keeping the common
//! parameters (`embed`, `theme`, `lock`, `origin`), and the shell's [`HashWatch`] is told, so
//! the embed link and snippet follow.
//!
//! Invariant: a lab never overwrites a hash it did not see. If the hash changed from outside
//! since the lab last read or wrote it (a typed link, a host page re-pointing an iframe), the
//! write is skipped and the shell's `hashchange` handling reopens the lab in that state.

use yew::prelude::*;

use crate::browser;
use crate::components::HashWatch;
use crate::components::Settle;
use crate::lab::Lab;
use crate::url::{format_hash, CommonQuery};

/// Writes `#/<lab>?<common>&<pairs>` whenever `pairs` changes. While the app is set aside
/// (another module's page is shown: `browser::page::shown`), the link waits, and is written
/// when the app is shown again on the link it last wrote by Back or Forward: a lab that changed
/// meanwhile (playback that went on) shows its link as it is now, and the shell keeps the lab.
#[hook]
pub fn use_url_sync(lab: Lab, common: &CommonQuery, pairs: Vec<(&'static str, String)>) {
    let known = use_mut_ref(browser::current_hash);
    let waiting = use_mut_ref(|| None::<String>);
    let watch = use_context::<HashWatch>();
    let settle = use_context::<Settle>();
    // Writes `hash` over the one the lab last wrote, and tells the shell.
    let write = {
        let known = known.clone();
        move |hash: &str| {
            if browser::current_hash() != *known.borrow() {
                return;
            }
            browser::replace_hash(hash);
            let now = browser::current_hash();
            *known.borrow_mut() = now.clone();
            if let Some(HashWatch(told)) = &watch {
                told.emit(now);
            }
            // The settled mark names the hash: it follows the write.
            if let Some(settle) = &settle {
                settle.mark();
            }
        }
    };
    {
        let (write, waiting) = (write.clone(), waiting.clone());
        use_effect_with((), move |_| {
            let watch = browser::page::ShownWatch::new(move || {
                // Not on a link to the same address, which opens the lab afresh (`app.rs`).
                let hash = waiting.borrow_mut().take();
                if let Some(hash) = hash.filter(|_| browser::page::arrived_by_traverse() != Some(false)) {
                    write(&hash);
                }
            });
            move || drop(watch)
        });
    }
    let common = common.clone();
    use_effect_with(pairs, move |pairs| {
        let hash = format_hash(lab, &common, pairs);
        if browser::page::shown() {
            write(&hash);
        } else {
            *waiting.borrow_mut() = Some(hash);
        }
    });
}
