//! Which labs this build holds. Every build has them all, unless `RESCALE_LAB_MODULE` names one
//! wasm module: a lab's slug (that lab's page only: `cfg(lab = "<slug>")` and `cfg(lab_module)`)
//! or `home` (no lab page). `tools/build.sh` builds one module per folder of `src/labs/` that
//! way, so a new lab needs no feature and no list: `src/labs/mod.rs` asks
//! `any(not(one_module), lab = "<slug>")` of each registry line.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(one_module)");
    println!("cargo::rustc-check-cfg=cfg(lab_module)");
    println!("cargo::rustc-check-cfg=cfg(lab, values(any()))");
    println!("cargo::rerun-if-env-changed=RESCALE_LAB_MODULE");
    if let Ok(module) = std::env::var("RESCALE_LAB_MODULE") {
        println!("cargo::rustc-cfg=one_module");
        // The boot loader's name for this module: the app finds its root under it.
        println!("cargo::rustc-env=RESCALE_LAB_MODULE_NAME={module}");
        if module != "home" {
            println!("cargo::rustc-cfg=lab_module");
            println!("cargo::rustc-cfg=lab=\"{module}\"");
        }
    }
}
