//! Points the embedded web app at `web/dist`. This is the one crate that watches `web/dist`.
//!
//! Release builds embed the files, so they watch the folder (a web build rebuilds this crate and
//! the binary) and embed an empty folder when there is no web build, so the server still
//! compiles. Debug builds (the tests' binaries) read the files from `web/dist` at run time, as
//! rust-embed does without its `debug-embed` feature: nothing of them is compiled in, so a web
//! build rebuilds no crate, and a missing folder serves as an unbuilt app.

use std::path::PathBuf;

fn main() {
    let manifest_dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let repository = manifest_dir
        .parent()
        .and_then(|crates| crates.parent())
        .expect("this crate lives in crates/web-assets");
    let dist = repository.join("web").join("dist");
    let read_at_run_time = std::env::var_os("CARGO_CFG_DEBUG_ASSERTIONS").is_some();
    let folder = if read_at_run_time {
        println!("cargo:rerun-if-changed=build.rs");
        dist
    } else if dist.join("index.html").is_file() {
        println!("cargo:rerun-if-changed={}", dist.display());
        dist.canonicalize().expect("web/dist is readable")
    } else {
        println!("cargo:rerun-if-changed={}", dist.display());
        let empty =
            PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo")).join("web-dist-missing");
        std::fs::create_dir_all(&empty).expect("OUT_DIR is writable");
        empty
    };
    println!("cargo:rustc-env=BACKBEAT_WEB_DIST={}", folder.display());
}
