//! Installs the model: `install PATH [--models-dir DIR]` (what `backbeat models install` runs).

use std::path::PathBuf;

use anyhow::{Context, Result};

fn main() -> Result<()> {
    let mut args = std::env::args().skip(1);
    let source = PathBuf::from(
        args.next()
            .context("usage: install PATH [--models-dir DIR]")?,
    );
    let dir = match (args.next().as_deref(), args.next()) {
        (Some("--models-dir"), Some(d)) => PathBuf::from(d),
        _ => automix::default_models_dir(),
    };
    println!("{}", automix::install(&source, &dir)?);
    Ok(())
}
