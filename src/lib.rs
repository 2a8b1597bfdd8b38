//! Rescale Lab: a browser lab for rescaling keyed Apache Flink jobs, with Flink's own maths.
//!
//! # Layout
//! - [`model`]: the pure core (std only): Java hashes, Flink's murmur hash, key groups,
//!   owners, number parsing. Every formula lives here.
//! - [`url`]: hash routes and one typed, tolerant query struct per lab.
//! - [`labs`]: one component module per lab, plus the closed registry [`labs::Lab::ALL`].
//! - [`components`]: small presentational widgets shared by labs.
//! - [`app`]: the shell: router, navigation, theme and embed mode.
//! - `src/bin/keygroups.rs`: the native CLI over the same model.
//!
//! # Invariants
//! - `model` imports nothing from the web and cannot panic on any input.
//! - A URL never breaks the page: bad parameters fall back to defaults with a visible notice.
//! - Navigation, router and tests iterate the same registry, `labs::Lab::ALL`.

pub mod cli;
pub mod model;

