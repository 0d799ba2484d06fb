//! Running the server and its database: `serve` (the default), `migrate`, `backup`.

use crate::app::App;
use crate::config::Config;
use crate::db::Db;

pub async fn serve(config: Config) -> anyhow::Result<String> {
    tracing::info!(?config, "starting");
    let shutdown = shutdown_signal()?;
    let app = App::build(config).await?;
    let public_url = app.state().config.public_url();
    tracing::info!(address = %app.local_addr(), %public_url, "listening on http://{}", app.local_addr());
    app.run_until(shutdown).await?;
    tracing::info!("stopped");
    Ok(String::new())
}

pub async fn migrate(config: &Config) -> anyhow::Result<String> {
    let db = Db::connect(&config.database_url()).await?;
    db.migrate().await?;
    db.close().await;
    tracing::info!("migrations applied");
    Ok(String::new())
}

/// `backbeat backup --to FILE`: an online copy of the SQLite database.
pub async fn backup(config: &Config, to: &std::path::Path) -> anyhow::Result<String> {
    let db = Db::connect(&config.database_url()).await?;
    let result = crate::db::backup::backup(&db, to).await;
    db.close().await;
    let done = result?;
    Ok(format!(
        "Backed up the database to {} ({} bytes, checked): {} tracks, {} users.",
        done.path.display(),
        done.bytes,
        done.tracks,
        done.users
    ))
}

/// Completes on Ctrl-C or SIGTERM. The handlers are installed at once (not when the future is
/// first polled), so a signal arriving right after start-up is never lost to the default action.
fn shutdown_signal() -> anyhow::Result<impl std::future::Future<Output = ()>> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut terminate = signal(SignalKind::terminate())?;
    let mut interrupt = signal(SignalKind::interrupt())?;
    Ok(async move {
        tokio::select! {
            _ = terminate.recv() => {},
            _ = interrupt.recv() => {},
        }
        tracing::info!("shutting down: finishing in-flight requests");
    })
}
