//! Rescale Lab: a browser lab for rescaling keyed Apache Flink jobs, with Flink's own maths.
//!
//! # Layout
//! - [`model`]: the pure core (std only, the `rescale-core` crate built from `src/model/`): Java hashes, Flink's murmur hash, key groups,
//!   owners, number parsing. Every formula lives here.
//! - [`lab`]: the closed registry of labs, [`lab::Lab::ALL`] (slug, title, summary; no views).
//! - [`url`]: hash routes, common parameters, and [`url::Param`], one description per lab
//!   parameter; each lab's query and table live in its folder.
//! - [`labs`]: one folder per lab (query, state, views), the lab frame, home and training.
//! - [`charts`]: draw functions, model data in, SVG out (plotters for charts).
//! - [`components`]: small presentational widgets shared by labs.
//! - [`embed`], [`embed_view`]: iframe snippets, locks, resizing and result messages for embeds.
//! - [`app`]: the shell: router, navigation, theme and embed mode.
//! - [`browser`]: the direct calls into the browser (hash, history, storage, events, files, fetch, messages, the LMS and the LRS).
//! - [`panic_panel`]: the recoverable error panel shown if the app ever panics.
//! - `bench_export` (wasm only): routing entry points that `tools/bench.sh` times in the browser.
//! - [`cli`]: the `keygroups` command as a pure function; `src/bin/keygroups.rs` runs it.
//!
//! # Invariants
//! - `model` imports nothing from the web and cannot panic on any input.
//! - A URL never breaks the page: bad parameters fall back to defaults with a visible notice.
//! - Navigation, router and tests iterate the same registry, `lab::Lab::ALL`.
//! - A lab parameter is described once (`url::Param`); links and typing share its bound.

pub mod app;
#[cfg(target_arch = "wasm32")]
pub mod bench_export;
pub mod browser;
pub mod charts;
pub mod cli;
pub mod components;
pub mod embed;
pub mod embed_view;
pub mod lab;
pub mod labs;
pub use rescale_core as model;
pub mod panic_panel;
pub mod url;
