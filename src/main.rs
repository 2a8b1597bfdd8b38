//! The web app's entry point: mounts [`rescale_lab::app::App`] into the page's `<body>`.
//! Built for `wasm32-unknown-unknown`; a native build only explains where to look instead.

#[cfg(target_arch = "wasm32")]
fn main() {
    rescale_lab::app::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("rescale-lab is the browser app: build it with tools/build.sh and open dist/index.html");
    eprintln!("for the command line, run the keygroups binary");
}
