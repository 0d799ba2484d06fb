//! Configuration: defaults, then an optional TOML file, then `BACKBEAT_*` environment variables.
//!
//! Every setting has one environment variable; the README lists them all. Secrets never reach
//! the logs: [`Config`]'s `Debug` output redacts the database URL's password and every key.

mod automix;
mod cluster;
mod load;
mod media;
mod payments;
mod payouts;
mod warnings;

use std::fmt;
use std::net::SocketAddr;
use std::path::PathBuf;

use serde::Deserialize;

pub use automix::{AutomixConfig, PLACEHOLDERS};
pub use cluster::parse_instance_secret;
pub use load::{Env, ProcessEnv};
pub use media::{MediaConfig, MediaRedirect};
pub use payments::{PaymentsConfig, PromoCodes, ProviderKind, StripeSettings};
pub use payouts::{PayoutsConfig, PaypalSettings};

use backbeat_core::net::TrustedProxies;

/// The longest play-count window accepted: a year.
const PLAY_COUNT_WINDOW_MAX_SECS: u64 = 365 * 24 * 3600;

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read config file {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("invalid config file {path}: {source}")]
    Parse {
        path: PathBuf,
        source: Box<toml::de::Error>,
    },
    #[error("invalid value for {name}: {reason}")]
    Invalid { name: &'static str, reason: String },
}

/// The whole server configuration.
#[derive(Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Address the HTTP server binds to.
    pub addr: SocketAddr,
    /// Directory for the SQLite database, media files and generated keys.
    pub data_dir: PathBuf,
    /// `sqlite://...` or `postgres://...`; defaults to `<data_dir>/backbeat.db`.
    pub database_url: Option<String>,
    /// Database connections this process keeps at most; 0 picks the backend's default (8 on
    /// SQLite, 16 on PostgreSQL).
    pub db_max_connections: u32,
    /// How long a request waits for a free database connection, in milliseconds, before it is
    /// answered 503 with `Retry-After` (the server is busy, not broken).
    pub db_acquire_timeout_ms: u64,
    /// SQLite: the page cache of each connection, in MiB (SQLite's own default is 2).
    pub db_cache_mb: u32,
    /// SQLite: how much of the database file each connection reads through a memory map, in
    /// MiB (0: none, every page read is a system call and a copy); SQLite caps it at 2 GiB.
    pub db_mmap_mb: u32,
    /// Address users reach the server at, used in links and token issuers.
    pub public_url: Option<String>,
    /// Serve the web app from this directory instead of the copy built into the binary.
    pub web_dir: Option<PathBuf>,
    /// `text` (human readable) or `json` log lines.
    pub log_format: LogFormat,
    /// Maximum size of a JSON request body, in bytes.
    pub max_json_body_bytes: usize,
    /// Seconds after which a request is answered 408 and dropped.
    pub request_timeout_secs: u64,
    /// Like `request_timeout_secs`, for multipart uploads (a 50 MB track on a slow link).
    pub upload_timeout_secs: u64,
    /// Background jobs (track processing) run at once by this process; 0 runs none here.
    pub job_workers: usize,
    /// How long a worker's claim on a job holds without renewal, in seconds: a job whose node
    /// died is taken over by another node this long after its last renewal.
    pub job_lease_secs: u64,
    /// This node's name in the jobs it holds and in the logs; defaults to `<hostname>-<pid>`.
    pub node_id: Option<String>,
    /// The folder of the generated secrets (access-token key, instance secret, sandbox webhook
    /// secret); defaults to `<data_dir>/keys`. Every node of a database needs the same ones.
    pub keys_dir: Option<PathBuf>,
    /// The instance secret (MACs of refresh tokens, stream URLs, ad click links): 32 bytes as
    /// 64 hexadecimal characters or base64; defaults to `secret.key` in the keys folder.
    pub instance_secret: Option<String>,
    /// MiB of recently streamed audio files kept in memory; 0 keeps none.
    pub stream_cache_mb: u64,
    /// Take the client IP from `X-Forwarded-For` (only behind a reverse proxy of your own).
    pub trust_forwarded_for: bool,
    /// The reverse proxies whose `X-Forwarded-For` entries are skipped when looking for the
    /// client (CIDR blocks); when set, requests from other peers are not read for the header.
    pub trusted_proxies: TrustedProxies,
    /// Serve `/metrics` on this address of its own (off when unset).
    pub metrics_addr: Option<SocketAddr>,
    /// Serve `/metrics` on the public address too, to requests bearing this token.
    pub metrics_token: Option<String>,
    /// The longest track accepted, in seconds of decoded audio.
    pub max_track_secs: u64,
    /// Decoded audio (as 16-bit PCM) may be at most this many times the size of its file.
    pub max_decode_ratio: u64,
    /// A background job still running after this long fails for good.
    pub job_timeout_secs: u64,
    /// Uploads one user may have in progress at once; more are refused at once.
    pub uploads_in_progress_per_user: usize,
    /// Uploads checked (decoded) at once by this process; more wait their turn.
    pub audio_checks_at_once: usize,
    /// Live event streams one user may hold; opening one more closes their oldest.
    pub event_streams_per_user: usize,
    /// A listener's plays of one track count once within this many seconds (against play
    /// farming).
    pub play_count_window_secs: u64,
    /// A listener's play counts only if their previous counted play started at least this
    /// many seconds earlier (or that track's length, if shorter); 0 turns the rule off.
    pub min_secs_between_counted_plays: u64,
    /// Play reports (`POST /api/v1/tracks/{id}/plays`) one user may send per minute, counted
    /// in the database for every node; more are answered 429.
    pub play_reports_per_minute: u32,
    /// The script of an external ad network, loaded for free-plan users only (an `http://` or
    /// `https://` URL); the Content-Security-Policy admits its origin only when set.
    pub ad_network_script_url: Option<String>,
    pub auth: AuthConfig,
    pub mail: MailConfig,
    pub payments: PaymentsConfig,
    pub payouts: PayoutsConfig,
    pub automix: AutomixConfig,
    pub media: MediaConfig,
}

/// Sign-in, sessions and tokens (`/auth/v1`).
#[derive(Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AuthConfig {
    /// PEM file with the ES256 (P-256) private key that signs access tokens; generated in the
    /// keys folder on first start when neither it nor `jwt_private_key` is given.
    pub jwt_private_key_file: Option<PathBuf>,
    /// The same key as PEM text (for those who pass secrets in variables).
    pub jwt_private_key: Option<String>,
    /// Lifetime of an access token.
    pub access_token_ttl_secs: u64,
    /// A refresh token presented again within this many seconds of its rotation is not reuse.
    pub refresh_token_reuse_interval_secs: u64,
    /// Sign-ups get a session at once; when false they must confirm their email first.
    pub mailer_autoconfirm: bool,
    pub disable_signup: bool,
    /// Requests per minute per client IP to each of sign-in, sign-up, recovery, verification
    /// and two-factor verification.
    pub rate_limit_per_minute: u32,
    /// Requests per hour per email address to each of sign-in, recovery, code verification and
    /// two-factor verification, whatever their client IP.
    pub email_rate_limit_per_hour: u32,
    /// Seconds between two recovery emails to one address.
    pub email_send_interval_secs: u64,
    /// Issuer shown in authenticator apps for two-factor codes.
    pub totp_issuer: String,
    /// The work of hashing a password. Not read from any file or variable: the test suites
    /// alone lower it, in code.
    #[serde(skip)]
    pub password_cost: PasswordCost,
}

/// Outgoing mail. Without an SMTP URL, mail is written to `<data_dir>/mail` and logged.
#[derive(Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MailConfig {
    /// `smtps://user:password@host:465` or `smtp://host:587` (STARTTLS) or `smtp://localhost:25?tls=none`.
    pub smtp_url: Option<String>,
    pub from: String,
}

/// How much work argon2id does to hash a password (1 lane).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PasswordCost {
    pub memory_kib: u32,
    pub passes: u32,
}

impl PasswordCost {
    /// OWASP's recommendation, the `argon2` crate's defaults: 19 MiB, 2 passes.
    pub const OWASP: Self = Self {
        memory_kib: 19 * 1024,
        passes: 2,
    };
    /// The least argon2 allows (8 KiB, 1 pass), for test suites that sign up hundreds of
    /// users; never for real accounts.
    pub const CHEAP_FOR_TESTS: Self = Self {
        memory_kib: 8,
        passes: 1,
    };
}

impl Default for PasswordCost {
    fn default() -> Self {
        Self::OWASP
    }
}

impl Default for AuthConfig {
    fn default() -> Self {
        Self {
            jwt_private_key_file: None,
            jwt_private_key: None,
            access_token_ttl_secs: 3600,
            refresh_token_reuse_interval_secs: 10,
            mailer_autoconfirm: true,
            disable_signup: false,
            rate_limit_per_minute: 30,
            email_rate_limit_per_hour: 30,
            email_send_interval_secs: 60,
            totp_issuer: "Backbeat".into(),
            password_cost: PasswordCost::OWASP,
        }
    }
}

impl Default for MailConfig {
    fn default() -> Self {
        Self {
            smtp_url: None,
            from: "Backbeat <no-reply@backbeat.localhost>".into(),
        }
    }
}

#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    #[default]
    Text,
    Json,
}

impl std::str::FromStr for LogFormat {
    type Err = String;
    fn from_str(value: &str) -> Result<Self, String> {
        match value {
            "text" => Ok(Self::Text),
            "json" => Ok(Self::Json),
            _ => Err("expected `text` or `json`".into()),
        }
    }
}

impl Default for Config {
    fn default() -> Self {
        Self {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            data_dir: PathBuf::from("./data"),
            database_url: None,
            db_max_connections: 0,
            db_acquire_timeout_ms: 2000,
            db_cache_mb: backbeat_core::db::SQLITE_CACHE_MB,
            db_mmap_mb: backbeat_core::db::SQLITE_MMAP_MB,
            public_url: None,
            web_dir: None,
            log_format: LogFormat::Text,
            max_json_body_bytes: 1024 * 1024,
            request_timeout_secs: 30,
            upload_timeout_secs: 600,
            job_workers: 2,
            job_lease_secs: 60,
            node_id: None,
            keys_dir: None,
            instance_secret: None,
            stream_cache_mb: 128,
            trust_forwarded_for: false,
            trusted_proxies: TrustedProxies::default(),
            metrics_addr: None,
            metrics_token: None,
            max_track_secs: crate::audio::Limits::DEFAULT_MAX_DURATION_SECS,
            max_decode_ratio: crate::audio::Limits::DEFAULT_MAX_DECODED_RATIO,
            job_timeout_secs: 15 * 60,
            uploads_in_progress_per_user: 3,
            audio_checks_at_once: std::thread::available_parallelism().map_or(2, |n| n.get()),
            event_streams_per_user: 8,
            play_count_window_secs: 30 * 60,
            min_secs_between_counted_plays: 30,
            play_reports_per_minute: 120,
            ad_network_script_url: None,
            auth: AuthConfig::default(),
            mail: MailConfig::default(),
            payments: PaymentsConfig::default(),
            payouts: PayoutsConfig::default(),
            automix: AutomixConfig::default(),
            media: MediaConfig::default(),
        }
    }
}

impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Config")
            .field("addr", &self.addr)
            .field("data_dir", &self.data_dir)
            .field("database_url", &redact_url(&self.database_url()))
            .field("db_max_connections", &self.db_max_connections)
            .field("db_acquire_timeout_ms", &self.db_acquire_timeout_ms)
            .field("db_cache_mb", &self.db_cache_mb)
            .field("db_mmap_mb", &self.db_mmap_mb)
            .field("public_url", &self.public_url())
            .field("web_dir", &self.web_dir)
            .field("log_format", &self.log_format)
            .field("max_json_body_bytes", &self.max_json_body_bytes)
            .field("request_timeout_secs", &self.request_timeout_secs)
            .field("upload_timeout_secs", &self.upload_timeout_secs)
            .field("job_workers", &self.job_workers)
            .field("job_lease_secs", &self.job_lease_secs)
            .field("node_id", &self.node_id())
            .field("keys_dir", &self.keys_dir())
            .field(
                "instance_secret",
                &self.instance_secret.as_ref().map(|_| "***"),
            )
            .field("stream_cache_mb", &self.stream_cache_mb)
            .field("trust_forwarded_for", &self.trust_forwarded_for)
            .field("trusted_proxies", &self.trusted_proxies)
            .field("metrics_addr", &self.metrics_addr)
            .field("metrics_token", &self.metrics_token.as_ref().map(|_| "***"))
            .field("max_track_secs", &self.max_track_secs)
            .field("max_decode_ratio", &self.max_decode_ratio)
            .field("job_timeout_secs", &self.job_timeout_secs)
            .field(
                "uploads_in_progress_per_user",
                &self.uploads_in_progress_per_user,
            )
            .field("audio_checks_at_once", &self.audio_checks_at_once)
            .field("event_streams_per_user", &self.event_streams_per_user)
            .field("play_count_window_secs", &self.play_count_window_secs)
            .field(
                "min_secs_between_counted_plays",
                &self.min_secs_between_counted_plays,
            )
            .field("play_reports_per_minute", &self.play_reports_per_minute)
            .field("ad_network_script_url", &self.ad_network_script_url)
            .field(
                "auth.access_token_ttl_secs",
                &self.auth.access_token_ttl_secs,
            )
            .field("auth.jwt_private_key_file", &self.auth.jwt_private_key_file)
            .field(
                "auth.jwt_private_key",
                &self.auth.jwt_private_key.as_ref().map(|_| "***"),
            )
            .field("auth.mailer_autoconfirm", &self.auth.mailer_autoconfirm)
            .field("auth.disable_signup", &self.auth.disable_signup)
            .field(
                "auth.rate_limit_per_minute",
                &self.auth.rate_limit_per_minute,
            )
            .field(
                "auth.email_rate_limit_per_hour",
                &self.auth.email_rate_limit_per_hour,
            )
            .field(
                "mail.smtp_url",
                &self.mail.smtp_url.as_deref().map(redact_url),
            )
            .field("payments", &self.payments)
            .field("payouts", &self.payouts)
            .field("automix", &self.automix)
            .field("media", &self.media)
            .finish()
    }
}

impl Config {
    /// The database URL, defaulting to a SQLite file in the data directory.
    pub fn database_url(&self) -> String {
        self.database_url
            .clone()
            .unwrap_or_else(|| format!("sqlite://{}", self.data_dir.join("backbeat.db").display()))
    }

    /// How the database pool is sized and how long a request waits for a connection.
    pub fn pool_settings(&self) -> backbeat_core::db::PoolSettings {
        backbeat_core::db::PoolSettings {
            max_connections: (self.db_max_connections > 0).then_some(self.db_max_connections),
            acquire_timeout: std::time::Duration::from_millis(self.db_acquire_timeout_ms.max(1)),
            sqlite_cache_mb: self.db_cache_mb,
            sqlite_mmap_mb: self.db_mmap_mb,
            ..backbeat_core::db::PoolSettings::default()
        }
    }

    /// How long after a listener's counted play of a track their next play of it does not count.
    pub fn play_count_window(&self) -> chrono::Duration {
        let secs = self.play_count_window_secs.min(PLAY_COUNT_WINDOW_MAX_SECS);
        chrono::Duration::seconds(i64::try_from(secs).expect("at most a year of seconds"))
    }

    /// How long after a listener's counted play their next play (of any track) may count, at
    /// most: zero when the rule is off.
    pub fn min_between_counted_plays(&self) -> chrono::Duration {
        let secs = self
            .min_secs_between_counted_plays
            .min(PLAY_COUNT_WINDOW_MAX_SECS);
        chrono::Duration::seconds(i64::try_from(secs).expect("at most a year of seconds"))
    }

    /// How much decoding an upload may cause (probe and processing alike).
    pub fn audio_limits(&self) -> crate::audio::Limits {
        crate::audio::Limits {
            max_duration_secs: self.max_track_secs,
            max_decoded_ratio: self.max_decode_ratio,
            deadline: None,
        }
    }

    /// The origin (`https://ads.example`) of the ad network's script, when one is configured.
    pub fn ad_network_origin(&self) -> Option<String> {
        let url = url::Url::parse(self.ad_network_script_url.as_deref()?).ok()?;
        Some(url.origin().ascii_serialization())
    }

    /// Where media objects live: `BACKBEAT_MEDIA_URL`, else `<data_dir>/media`.
    pub fn media_location(&self) -> Result<crate::media::MediaLocation, ConfigError> {
        self.media.location(&self.data_dir)
    }

    /// Scratch space for uploads in progress and processing: `<data_dir>/tmp`.
    pub fn tmp_dir(&self) -> PathBuf {
        self.data_dir.join("tmp")
    }

    /// The public base URL without a trailing slash, defaulting to the bind address.
    pub fn public_url(&self) -> String {
        match &self.public_url {
            Some(url) => url.trim_end_matches('/').to_owned(),
            None => format!("http://{}", self.addr),
        }
    }
}

/// Replaces the password of a URL's user info with `***`.
fn redact_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    let Some((userinfo, host)) = rest.split_once('@') else {
        return url.to_owned();
    };
    match userinfo.split_once(':') {
        Some((user, _password)) => format!("{scheme}://{user}:***@{host}"),
        None => url.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_listen_on_8080_with_sqlite_in_the_data_dir() {
        let config = Config::load(None, &[]).unwrap();
        assert_eq!(config.addr.to_string(), "127.0.0.1:8080");
        assert_eq!(config.database_url(), "sqlite://./data/backbeat.db");
        assert_eq!(config.public_url(), "http://127.0.0.1:8080");
    }

    #[test]
    fn environment_overrides_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("backbeat.toml");
        std::fs::write(
            &file,
            "addr = \"0.0.0.0:9000\"\ndata_dir = \"/srv/bb\"\npublic_url = \"https://a.example/\"\n",
        )
        .unwrap();
        let env = [("BACKBEAT_ADDR", "127.0.0.1:7000")];
        let config = Config::load(Some(&file), &env).unwrap();
        assert_eq!(config.addr.to_string(), "127.0.0.1:7000");
        assert_eq!(config.data_dir, PathBuf::from("/srv/bb"));
        assert_eq!(config.public_url(), "https://a.example");
    }

    #[test]
    fn plays_count_once_per_30_minutes_unless_configured() {
        let default = Config::load(None, &[]).unwrap();
        let configured = Config::load(None, &[("BACKBEAT_PLAY_COUNT_WINDOW_SECS", "90")]).unwrap();
        let too_long = Config::load(None, &[("BACKBEAT_PLAY_COUNT_WINDOW_SECS", "40000000")]);

        assert_eq!(default.play_count_window(), chrono::Duration::minutes(30));
        assert_eq!(
            configured.play_count_window(),
            chrono::Duration::seconds(90)
        );
        assert!(matches!(too_long, Err(ConfigError::Invalid { .. })));
    }

    #[test]
    fn counted_plays_are_30_seconds_apart_unless_configured_and_reports_are_bounded() {
        let default = Config::load(None, &[]).unwrap();
        let off = Config::load(None, &[("BACKBEAT_MIN_SECS_BETWEEN_COUNTED_PLAYS", "0")]).unwrap();
        let budget = Config::load(None, &[("BACKBEAT_PLAY_REPORTS_PER_MINUTE", "20")]).unwrap();
        let toml = "min_secs_between_counted_plays = 45\nplay_reports_per_minute = 60\n";
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("backbeat.toml");
        std::fs::write(&file, toml).unwrap();
        let from_file = Config::load(Some(&file), &[]).unwrap();

        assert_eq!(
            default.min_between_counted_plays(),
            chrono::Duration::seconds(30)
        );
        assert_eq!(default.play_reports_per_minute, 120);
        assert_eq!(off.min_between_counted_plays(), chrono::Duration::zero());
        assert_eq!(budget.play_reports_per_minute, 20);
        assert_eq!(from_file.min_secs_between_counted_plays, 45);
        assert_eq!(from_file.play_reports_per_minute, 60);
        for bad in [
            ("BACKBEAT_PLAY_REPORTS_PER_MINUTE", "0"),
            ("BACKBEAT_MIN_SECS_BETWEEN_COUNTED_PLAYS", "40000000"),
        ] {
            assert!(matches!(
                Config::load(None, &[bad]),
                Err(ConfigError::Invalid { .. })
            ));
        }
    }

    #[test]
    fn an_ad_network_script_must_be_a_web_url() {
        let none = Config::load(None, &[]).unwrap();
        let set = Config::load(
            None,
            &[(
                "BACKBEAT_AD_NETWORK_SCRIPT_URL",
                "https://ads.example:8443/tag/v2.js?pub=7",
            )],
        )
        .unwrap();

        assert_eq!(none.ad_network_origin(), None);
        assert_eq!(
            set.ad_network_origin().as_deref(),
            Some("https://ads.example:8443")
        );
        for bad in [
            "ads.example/tag.js",
            "javascript:alert(1)",
            "ftp://ads.example/t.js",
            "https://",
        ] {
            let err = Config::load(None, &[("BACKBEAT_AD_NETWORK_SCRIPT_URL", bad)]).unwrap_err();
            assert!(
                err.to_string().contains("BACKBEAT_AD_NETWORK_SCRIPT_URL"),
                "{bad}: {err}"
            );
        }
    }

    #[test]
    fn automix_is_configured_by_its_variables() {
        let default = Config::load(None, &[]).unwrap();
        let configured = Config::load(
            None,
            &[
                ("BACKBEAT_MODELS_DIR", "/srv/models"),
                (
                    "BACKBEAT_AUTOMIX_COMMAND",
                    "sep {input} {vocals} {accompaniment}",
                ),
                ("BACKBEAT_AUTOMIX_CONCURRENCY", "2"),
                ("BACKBEAT_AUTOMIX_USER_LIMIT", "3"),
                ("BACKBEAT_AUTOMIX_THREADS", "3"),
            ],
        )
        .unwrap();
        let no_limit = Config::load(None, &[("BACKBEAT_AUTOMIX_USER_LIMIT", "0")]).unwrap_err();
        let bad_command =
            Config::load(None, &[("BACKBEAT_AUTOMIX_COMMAND", "sep {input}")]).unwrap_err();

        assert_eq!(
            (default.automix.concurrency, default.automix.user_limit),
            (1, 10)
        );
        assert_eq!(default.automix.command_argv(), None);
        assert!(default.automix.separation_threads() >= 1);
        assert_eq!(configured.automix.separation_threads(), 3);
        assert_eq!(
            configured.automix.models_dir(),
            PathBuf::from("/srv/models")
        );
        assert_eq!(
            configured.automix.command_argv().unwrap(),
            ["sep", "{input}", "{vocals}", "{accompaniment}"]
        );
        assert_eq!(
            (
                configured.automix.concurrency,
                configured.automix.user_limit
            ),
            (2, 3)
        );
        assert!(no_limit.to_string().contains("BACKBEAT_AUTOMIX_USER_LIMIT"));
        assert!(
            bad_command.to_string().contains("{vocals}"),
            "{bad_command}"
        );
    }

    #[test]
    fn a_bad_value_names_its_variable() {
        let err = Config::load(None, &[("BACKBEAT_ADDR", "nowhere")]).unwrap_err();
        assert!(err.to_string().contains("BACKBEAT_ADDR"), "{err}");
    }

    #[test]
    fn the_stripe_provider_names_its_missing_variable() {
        let err = Config::load(
            None,
            &[
                ("BACKBEAT_PAYMENTS_PROVIDER", "stripe"),
                ("BACKBEAT_STRIPE_SECRET_KEY", "sk_test_1"),
                ("BACKBEAT_STRIPE_WEBHOOK_SECRET", "whsec_1"),
                ("BACKBEAT_STRIPE_PRICE_BASIC", "price_b"),
            ],
        )
        .unwrap_err();

        assert!(
            err.to_string().contains("BACKBEAT_STRIPE_PRICE_PREMIUM"),
            "{err}"
        );
    }

    #[test]
    fn debug_output_hides_the_payment_secrets() {
        let config = Config::load(
            None,
            &[
                ("BACKBEAT_STRIPE_SECRET_KEY", "sk_test_s3cret"),
                ("BACKBEAT_SANDBOX_WEBHOOK_SECRET", "whsec_s3cret"),
            ],
        )
        .unwrap();
        let shown = format!("{config:?}");
        assert!(!shown.contains("s3cret"), "{shown}");
    }

    #[test]
    fn an_unknown_file_key_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("backbeat.toml");
        std::fs::write(&file, "adress = \"0.0.0.0:9000\"\n").unwrap();
        assert!(matches!(
            Config::load(Some(&file), &[]),
            Err(ConfigError::Parse { .. })
        ));
    }

    #[test]
    fn debug_output_hides_the_database_password() {
        let config = Config::load(
            None,
            &[("BACKBEAT_DATABASE_URL", "postgres://bb:s3cret@db/bb")],
        )
        .unwrap();
        let shown = format!("{config:?}");
        assert!(!shown.contains("s3cret"), "{shown}");
        assert!(shown.contains("postgres://bb:***@db/bb"), "{shown}");
    }
}
