//! Points the embedded web app at `web/dist` when it has been built, and at an empty folder
//! otherwise, so the server compiles (and its tests run) without a web build. This is the one
//! crate that watches `web/dist`: a web build rebuilds it and the binary, no other crate.

use std::path::PathBuf;

fn main() {
    let manifest_dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let dist = manifest_dir.join("../../web/dist");
    println!("cargo:rerun-if-changed={}", dist.display());
    let folder = if dist.join("index.html").is_file() {
        dist.canonicalize().expect("web/dist is readable")
    } else {
        let empty =
            PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo")).join("web-dist-missing");
        std::fs::create_dir_all(&empty).expect("OUT_DIR is writable");
        empty
    };
    println!("cargo:rustc-env=BACKBEAT_WEB_DIST={}", folder.display());
}
