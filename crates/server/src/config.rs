//! Configuration: defaults, then an optional TOML file, then `BACKBEAT_*` environment variables.
//!
//! Every setting has one environment variable; the README lists them all. Secrets never reach
//! the logs: [`Config`]'s `Debug` output redacts the database URL's password.

use std::fmt;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use serde::Deserialize;

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
    /// MiB of recently streamed audio files kept in memory; 0 keeps none.
    pub stream_cache_mb: u64,
    /// Use the first `X-Forwarded-For` address as the client IP (only behind a trusted proxy).
    pub trust_forwarded_for: bool,
    /// A listener's plays of one track count once within this many seconds (against play
    /// farming; DECISIONS.md, "Plays and earnings").
    pub play_count_window_secs: u64,
    pub auth: AuthConfig,
    pub mail: MailConfig,
}

/// Sign-in, sessions and tokens (`/auth/v1`).
#[derive(Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AuthConfig {
    /// PEM file with the ES256 (P-256) private key that signs access tokens; generated in the
    /// data directory on first start when not given.
    pub jwt_private_key_file: Option<PathBuf>,
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
    /// Seconds between two recovery emails to one address.
    pub email_send_interval_secs: u64,
    /// Issuer shown in authenticator apps for two-factor codes.
    pub totp_issuer: String,
}

/// Outgoing mail. Without an SMTP URL, mail is written to `<data_dir>/mail` and logged.
#[derive(Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MailConfig {
    /// `smtps://user:password@host:465` or `smtp://host:587` (STARTTLS) or `smtp://localhost:25?tls=none`.
    pub smtp_url: Option<String>,
    pub from: String,
}

impl Default for AuthConfig {
    fn default() -> Self {
        Self {
            jwt_private_key_file: None,
            access_token_ttl_secs: 3600,
            refresh_token_reuse_interval_secs: 10,
            mailer_autoconfirm: true,
            disable_signup: false,
            rate_limit_per_minute: 30,
            email_send_interval_secs: 60,
            totp_issuer: "Backbeat".into(),
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
            public_url: None,
            web_dir: None,
            log_format: LogFormat::Text,
            max_json_body_bytes: 1024 * 1024,
            request_timeout_secs: 30,
            upload_timeout_secs: 600,
            job_workers: 2,
            stream_cache_mb: 128,
            trust_forwarded_for: false,
            play_count_window_secs: 30 * 60,
            auth: AuthConfig::default(),
            mail: MailConfig::default(),
        }
    }
}

impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Config")
            .field("addr", &self.addr)
            .field("data_dir", &self.data_dir)
            .field("database_url", &redact_url(&self.database_url()))
            .field("public_url", &self.public_url())
            .field("web_dir", &self.web_dir)
            .field("log_format", &self.log_format)
            .field("max_json_body_bytes", &self.max_json_body_bytes)
            .field("request_timeout_secs", &self.request_timeout_secs)
            .field("upload_timeout_secs", &self.upload_timeout_secs)
            .field("job_workers", &self.job_workers)
            .field("stream_cache_mb", &self.stream_cache_mb)
            .field("trust_forwarded_for", &self.trust_forwarded_for)
            .field("play_count_window_secs", &self.play_count_window_secs)
            .field(
                "auth.access_token_ttl_secs",
                &self.auth.access_token_ttl_secs,
            )
            .field("auth.mailer_autoconfirm", &self.auth.mailer_autoconfirm)
            .field("auth.disable_signup", &self.auth.disable_signup)
            .field(
                "auth.rate_limit_per_minute",
                &self.auth.rate_limit_per_minute,
            )
            .field(
                "mail.smtp_url",
                &self.mail.smtp_url.as_deref().map(redact_url),
            )
            .finish()
    }
}

/// A source of environment variables, so tests need not touch the process environment.
pub trait Env {
    fn var(&self, name: &str) -> Option<String>;
}

/// The real process environment.
pub struct ProcessEnv;

impl Env for ProcessEnv {
    fn var(&self, name: &str) -> Option<String> {
        std::env::var(name).ok().filter(|v| !v.is_empty())
    }
}

impl<const N: usize> Env for [(&str, &str); N] {
    fn var(&self, name: &str) -> Option<String> {
        self.iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| (*v).to_owned())
    }
}

impl Config {
    /// Loads defaults, then the TOML file if given, then the environment.
    pub fn load(file: Option<&Path>, env: &impl Env) -> Result<Self, ConfigError> {
        let mut config = match file {
            Some(path) => Self::from_file(path)?,
            None => Self::default(),
        };
        config.apply_env(env)?;
        Ok(config)
    }

    fn from_file(path: &Path) -> Result<Self, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
            path: path.to_owned(),
            source,
        })?;
        toml::from_str(&text).map_err(|source| ConfigError::Parse {
            path: path.to_owned(),
            source: Box::new(source),
        })
    }

    fn apply_env(&mut self, env: &impl Env) -> Result<(), ConfigError> {
        let e = EnvReader(env);
        e.set("BACKBEAT_ADDR", &mut self.addr)?;
        e.set("BACKBEAT_DATA_DIR", &mut self.data_dir)?;
        e.set_some("BACKBEAT_DATABASE_URL", &mut self.database_url)?;
        e.set_some("BACKBEAT_PUBLIC_URL", &mut self.public_url)?;
        e.set_some("BACKBEAT_WEB_DIR", &mut self.web_dir)?;
        e.set("BACKBEAT_LOG_FORMAT", &mut self.log_format)?;
        e.set(
            "BACKBEAT_MAX_JSON_BODY_BYTES",
            &mut self.max_json_body_bytes,
        )?;
        e.set(
            "BACKBEAT_REQUEST_TIMEOUT_SECS",
            &mut self.request_timeout_secs,
        )?;
        e.set(
            "BACKBEAT_UPLOAD_TIMEOUT_SECS",
            &mut self.upload_timeout_secs,
        )?;
        e.set("BACKBEAT_JOB_WORKERS", &mut self.job_workers)?;
        e.set("BACKBEAT_STREAM_CACHE_MB", &mut self.stream_cache_mb)?;
        e.set(
            "BACKBEAT_TRUST_FORWARDED_FOR",
            &mut self.trust_forwarded_for,
        )?;
        e.set(
            "BACKBEAT_PLAY_COUNT_WINDOW_SECS",
            &mut self.play_count_window_secs,
        )?;
        let auth = &mut self.auth;
        e.set_some(
            "BACKBEAT_JWT_PRIVATE_KEY_FILE",
            &mut auth.jwt_private_key_file,
        )?;
        e.set(
            "BACKBEAT_ACCESS_TOKEN_TTL_SECS",
            &mut auth.access_token_ttl_secs,
        )?;
        e.set(
            "BACKBEAT_REFRESH_TOKEN_REUSE_INTERVAL_SECS",
            &mut auth.refresh_token_reuse_interval_secs,
        )?;
        e.set("BACKBEAT_MAILER_AUTOCONFIRM", &mut auth.mailer_autoconfirm)?;
        e.set("BACKBEAT_DISABLE_SIGNUP", &mut auth.disable_signup)?;
        e.set(
            "BACKBEAT_AUTH_RATE_LIMIT_PER_MINUTE",
            &mut auth.rate_limit_per_minute,
        )?;
        e.set(
            "BACKBEAT_EMAIL_SEND_INTERVAL_SECS",
            &mut auth.email_send_interval_secs,
        )?;
        e.set("BACKBEAT_TOTP_ISSUER", &mut auth.totp_issuer)?;
        e.set_some("BACKBEAT_SMTP_URL", &mut self.mail.smtp_url)?;
        e.set("BACKBEAT_MAIL_FROM", &mut self.mail.from)?;
        self.validate()
    }

    fn validate(&self) -> Result<(), ConfigError> {
        // auth-js refreshes when under 90 s remain: a shorter lifetime would refresh constantly.
        if self.auth.access_token_ttl_secs < 120 {
            return Err(ConfigError::Invalid {
                name: "BACKBEAT_ACCESS_TOKEN_TTL_SECS",
                reason: "must be at least 120 seconds".into(),
            });
        }
        if self.play_count_window_secs > PLAY_COUNT_WINDOW_MAX_SECS {
            return Err(ConfigError::Invalid {
                name: "BACKBEAT_PLAY_COUNT_WINDOW_SECS",
                reason: format!("must be at most {PLAY_COUNT_WINDOW_MAX_SECS} seconds (a year)"),
            });
        }
        if self.auth.rate_limit_per_minute == 0 {
            return Err(ConfigError::Invalid {
                name: "BACKBEAT_AUTH_RATE_LIMIT_PER_MINUTE",
                reason: "must be at least 1".into(),
            });
        }
        Ok(())
    }

    /// The database URL, defaulting to a SQLite file in the data directory.
    pub fn database_url(&self) -> String {
        self.database_url
            .clone()
            .unwrap_or_else(|| format!("sqlite://{}", self.data_dir.join("backbeat.db").display()))
    }

    /// How long after a listener's counted play of a track their next play of it does not count.
    pub fn play_count_window(&self) -> chrono::Duration {
        let secs = self.play_count_window_secs.min(PLAY_COUNT_WINDOW_MAX_SECS);
        chrono::Duration::seconds(i64::try_from(secs).expect("at most a year of seconds"))
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

struct EnvReader<'a, E>(&'a E);

impl<E: Env> EnvReader<'_, E> {
    fn set<T: std::str::FromStr>(
        &self,
        name: &'static str,
        target: &mut T,
    ) -> Result<(), ConfigError>
    where
        T::Err: fmt::Display,
    {
        if let Some(value) = self.0.var(name) {
            *target = parse(name, &value)?;
        }
        Ok(())
    }

    fn set_some<T: std::str::FromStr>(
        &self,
        name: &'static str,
        target: &mut Option<T>,
    ) -> Result<(), ConfigError>
    where
        T::Err: fmt::Display,
    {
        if let Some(value) = self.0.var(name) {
            *target = Some(parse(name, &value)?);
        }
        Ok(())
    }
}

fn parse<T: std::str::FromStr>(name: &'static str, value: &str) -> Result<T, ConfigError>
where
    T::Err: fmt::Display,
{
    value.parse().map_err(|e: T::Err| ConfigError::Invalid {
        name,
        reason: e.to_string(),
    })
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
    fn a_bad_value_names_its_variable() {
        let err = Config::load(None, &[("BACKBEAT_ADDR", "nowhere")]).unwrap_err();
        assert!(err.to_string().contains("BACKBEAT_ADDR"), "{err}");
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
