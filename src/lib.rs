//! Rescale Lab: a browser lab for rescaling keyed Apache Flink jobs, with Flink's own maths.
//!
//! # Layout
//! - [`model`]: the pure core (std only, the `rescale-core` crate built from `src/model/`): Java hashes, Flink's murmur hash, key groups,
//!   owners, number parsing. Every formula lives here.
//! - [`url`]: hash routes and one typed, tolerant query struct per lab.
//! - [`labs`]: one component module per lab, plus the closed registry [`labs::Lab::ALL`].
//! - [`charts`]: draw functions, model data in, SVG out (plotters for charts).
//! - [`components`]: small presentational widgets shared by labs.
//! - [`embed`], [`embed_view`]: iframe snippets, locks, resizing and result messages for embeds.
//! - [`app`]: the shell: router, navigation, theme and embed mode.
//! - [`browser`]: the few direct calls into the browser (hash, theme, title).
//! - [`panic_panel`]: the recoverable error panel shown if the app ever panics.
//! - `bench_export` (wasm only): routing entry points that `tools/bench.sh` times in the browser.
//! - [`cli`]: the `keygroups` command as a pure function; `src/bin/keygroups.rs` runs it.
//!
//! # Invariants
//! - `model` imports nothing from the web and cannot panic on any input.
//! - A URL never breaks the page: bad parameters fall back to defaults with a visible notice.
//! - Navigation, router and tests iterate the same registry, `labs::Lab::ALL`.

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
