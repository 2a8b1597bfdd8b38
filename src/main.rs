//! The web app's program: the library's app, linked for `wasm32-unknown-unknown` into one
//! wasm module per lab and one for home (`tools/build.sh`). The boot loader starts a module by
//! its start export (`rescale_lab_start_<module>`, `src/app.rs`), so `main` does nothing
//! there; a native build only explains where to look instead.

// Every start export of the library is kept (the linker then keeps one per module).
#[cfg(target_arch = "wasm32")]
use rescale_lab as _;

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("rescale-lab is the browser app: build it with tools/build.sh and open dist/index.html");
    eprintln!("for the command line, run the keygroups binary");
}
