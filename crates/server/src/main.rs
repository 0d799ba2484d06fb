//! The `backbeat` program: parses the command line and runs it (`cli`).

use std::process::ExitCode;

use clap::Parser;

/// mimalloc instead of the system allocator: a request allocates and frees dozens of small
/// objects, and glibc's malloc cost about an eighth of the server's time under streaming load
/// (docs/BENCHMARKS.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> ExitCode {
    backbeat::cli::run(backbeat::cli::Cli::parse()).await
}
