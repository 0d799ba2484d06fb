//! `sqlx::migrate!` embeds the migration folders, but stable Rust cannot tell cargo to watch
//! them: a new migration must rebuild this crate.

use std::path::PathBuf;

fn main() {
    let manifest_dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    println!(
        "cargo:rerun-if-changed={}",
        manifest_dir.join("../../migrations").display()
    );
}
