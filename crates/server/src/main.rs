use std::path::PathBuf;
use std::process::ExitCode;

use backbeat::ads::{inventory, table};
use backbeat::app::App;
use backbeat::auth::Mailer;
use backbeat::config::{Config, ProcessEnv};
use backbeat::db::Db;
use backbeat::db::Timestamp;
use backbeat::demo;
use backbeat::payouts::operator::{self, OperatorError};
use backbeat::payouts::paypal::Paypal;
use backbeat::state::{self, AppState};
use backbeat::telemetry;
use clap::{Parser, Subcommand};

/// Backbeat: a self-hostable music platform where independent artists upload tracks,
/// listeners stream them, and artists earn per play.
///
/// Configuration comes from defaults, then the optional TOML file, then BACKBEAT_* environment
/// variables (see the README for the full list).
#[derive(Parser)]
#[command(name = "backbeat", version)]
struct Cli {
    /// TOML configuration file.
    #[arg(long, short, env = "BACKBEAT_CONFIG", global = true)]
    config: Option<PathBuf>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the server (the default).
    Serve,
    /// Apply pending database migrations, then exit.
    Migrate,
    /// Print the OpenAPI document of the API as JSON.
    Openapi,
    /// Add demo artists and about 30 tracks of generated music, and process them. Running it
    /// again adds nothing.
    SeedDemo,
    /// Manage the house ads shown to free-plan users (works beside a running server).
    Ads {
        #[command(subcommand)]
        command: AdsCommand,
    },
    /// Artists' withdrawals: list and export them, complete or reject pending ones (works
    /// beside a running server; the artist is mailed).
    Payouts {
        #[command(subcommand)]
        command: PayoutsCommand,
    },
}

#[derive(Subcommand)]
enum PayoutsCommand {
    /// Every withdrawal, newest first, with its full details (to pay it).
    List {
        /// Only withdrawals in this status.
        #[arg(long, value_parser = ["pending", "completed", "rejected"])]
        status: Option<String>,
    },
    /// Mark a pending withdrawal as paid, and mail the artist.
    Complete {
        /// The withdrawal's id, as `list` prints it.
        id: String,
    },
    /// Reject a pending withdrawal: its amount returns to the artist's balance, and the artist
    /// is mailed the reason.
    Reject {
        /// The withdrawal's id, as `list` prints it.
        id: String,
        /// Why, as the artist reads it.
        #[arg(long)]
        reason: String,
    },
    /// Pay pending PayPal withdrawals (all, or the one given) through PayPal Payouts and
    /// complete each one PayPal accepts (needs BACKBEAT_PAYPAL_CLIENT_ID and
    /// BACKBEAT_PAYPAL_CLIENT_SECRET).
    SendPaypal {
        /// Only this withdrawal.
        id: Option<String>,
    },
    /// Every withdrawal as comma-separated values on standard output.
    Export {
        /// Comma-separated values (the one format).
        #[arg(long, required = true)]
        csv: bool,
    },
}

#[derive(Subcommand)]
enum AdsCommand {
    /// Add an ad, served at once, and print its id.
    Add {
        /// Where it is shown.
        #[arg(long, value_parser = ["banner", "popup"])]
        slot: String,
        /// Shown with the image (its alternative text), at most 100 characters.
        #[arg(long)]
        title: String,
        /// A JPEG, PNG or WebP file of at most 2 MB; stored re-encoded, without its metadata.
        #[arg(long)]
        image: PathBuf,
        /// The http:// or https:// URL a click leads to.
        #[arg(long)]
        target: String,
    },
    /// List every ad: id, slot, active or disabled, title, target.
    List,
    /// Stop serving an ad (its counts stay in the report).
    Disable {
        /// The ad's id, as `add` printed it.
        id: String,
    },
    /// Impressions, clicks and click-through rate per ad and UTC day, newest day first.
    Report {
        /// How many days back, today included.
        #[arg(long, default_value_t = 30)]
        days: u32,
        /// Comma-separated values instead of a table.
        #[arg(long)]
        csv: bool,
    },
}

/// mimalloc instead of the system allocator: a request allocates and frees dozens of small
/// objects, and glibc's malloc cost about an eighth of the server's time under streaming load
/// (docs/BENCHMARKS.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(Command::Openapi) = cli.command {
        println!(
            "{}",
            backbeat::app::openapi_document()
                .to_pretty_json()
                .expect("the OpenAPI document serializes")
        );
        return ExitCode::SUCCESS;
    }
    let config = match Config::load(cli.config.as_deref(), &ProcessEnv) {
        Ok(config) => config,
        Err(err) => {
            eprintln!("backbeat: {err}");
            return ExitCode::from(2);
        }
    };
    telemetry::init(config.log_format);
    if let Some(Command::Ads { command }) = cli.command {
        return match ads(&config, command).await {
            Ok(output) => {
                print!("{output}");
                ExitCode::SUCCESS
            }
            Err(err) => {
                eprintln!("backbeat ads: {err}");
                ExitCode::FAILURE
            }
        };
    }
    if let Some(Command::Payouts { command }) = cli.command {
        return match payouts(&config, command).await {
            Ok(output) => {
                print!("{output}");
                ExitCode::SUCCESS
            }
            Err(err) => {
                eprintln!("backbeat payouts: {err}");
                ExitCode::FAILURE
            }
        };
    }
    let result = match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => serve(config).await,
        Command::Migrate => migrate(&config).await,
        Command::SeedDemo => seed_demo(config).await,
        Command::Openapi | Command::Ads { .. } | Command::Payouts { .. } => {
            unreachable!("handled before serving")
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            tracing::error!("{err:#}");
            ExitCode::FAILURE
        }
    }
}

async fn serve(config: Config) -> anyhow::Result<()> {
    tracing::info!(?config, "starting");
    let shutdown = shutdown_signal()?;
    let app = App::build(config).await?;
    let public_url = app.state().config.public_url();
    tracing::info!(address = %app.local_addr(), %public_url, "listening on http://{}", app.local_addr());
    app.run_until(shutdown).await?;
    tracing::info!("stopped");
    Ok(())
}

async fn migrate(config: &Config) -> anyhow::Result<()> {
    let db = Db::connect(&config.database_url()).await?;
    db.migrate().await?;
    db.close().await;
    tracing::info!("migrations applied");
    Ok(())
}

async fn seed_demo(config: Config) -> anyhow::Result<()> {
    let state = AppState::build(config).await?;
    let seeded = demo::seed(&state).await;
    state.db.close().await;
    let report = seeded?;
    println!(
        "Demo content: {} artists ({} new), {} tracks ({} new; {} ready, {} failed).",
        report.artists,
        report.artists_created,
        report.tracks,
        report.tracks_uploaded,
        report.ready,
        report.failed,
    );
    Ok(())
}

/// Runs an `ads` command on the configured database and media storage; answers what to print.
async fn ads(config: &Config, command: AdsCommand) -> Result<String, inventory::InventoryError> {
    let (db, media) = state::open_storage(config).await?;
    let output = match command {
        AdsCommand::Add {
            slot,
            title,
            image,
            target,
        } => {
            let new = inventory::NewAd {
                slot: &slot,
                title: &title,
                image: &image,
                target_url: &target,
            };
            inventory::add(&db, &media, &new)
                .await
                .map(|id| format!("{id}\n"))
        }
        AdsCommand::List => inventory::list(&db).await.map(|ads| table::ads_table(&ads)),
        AdsCommand::Disable { id } => inventory::disable(&db, &id)
            .await
            .map(|()| format!("Ad {id} is disabled.\n")),
        AdsCommand::Report { days, csv } => inventory::report(&db, days, Timestamp::now())
            .await
            .map(|rows| table::report(&rows, csv)),
    };
    db.close().await;
    output
}

/// Runs a `payouts` command on the configured database (mail through the configured mailer);
/// answers what to print.
async fn payouts(config: &Config, command: PayoutsCommand) -> Result<String, OperatorError> {
    let (db, _) = state::open_storage(config).await?;
    let mailer = Mailer::new(&config.mail, &config.data_dir)?;
    let output = match command {
        PayoutsCommand::List { status } => operator::list(&db, status.as_deref())
            .await
            .map(|rows| operator::table(&rows, false)),
        PayoutsCommand::Export { csv } => operator::list(&db, None)
            .await
            .map(|rows| operator::table(&rows, csv)),
        PayoutsCommand::Complete { id } => operator::complete(&db, &mailer, &id)
            .await
            .map(|row| format!("Withdrawal {} is completed; the artist is mailed.\n", row.id)),
        PayoutsCommand::SendPaypal { id } => match config.payouts.paypal() {
            Ok(settings) => match Paypal::new(settings) {
                Ok(paypal) => operator::send_paypal(&db, &mailer, &paypal, id.as_deref()).await,
                Err(err) => Err(err.into()),
            },
            Err(err) => Err(OperatorError::Failed(err.into())),
        },
        PayoutsCommand::Reject { id, reason } => operator::reject(&db, &mailer, &id, &reason)
            .await
            .map(|row| {
                format!(
                    "Withdrawal {} is rejected; {} EUR is back in the artist's balance, and the artist is mailed.\n",
                    row.id,
                    backbeat::payouts::eur(row.amount_units)
                )
            }),
    };
    db.close().await;
    output
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
