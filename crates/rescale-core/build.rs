//! The core's sources live outside this package (`../../src/model/`, the house layout), and
//! Cargo records a source outside a package by its absolute path: in a checkout that was moved
//! or copied with its `target/`, an edit to the model would not rebuild the core (seen: a
//! `dist/` built from the model as it stood before the checkout moved). Naming the folder here,
//! relative to this package, makes any change below it rebuild the core wherever it stands.

fn main() {
    println!("cargo:rerun-if-changed=../../src/model");
}
