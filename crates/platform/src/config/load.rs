//! Loading the configuration: defaults, then the TOML file, then `BACKBEAT_*` variables, then
//! the checks a loaded configuration must pass.

use std::fmt;
use std::path::Path;

use super::{Config, ConfigError, PLAY_COUNT_WINDOW_MAX_SECS};

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
        e.set("BACKBEAT_DB_MAX_CONNECTIONS", &mut self.db_max_connections)?;
        e.set(
            "BACKBEAT_DB_ACQUIRE_TIMEOUT_MS",
            &mut self.db_acquire_timeout_ms,
        )?;
        e.set("BACKBEAT_DB_CACHE_MB", &mut self.db_cache_mb)?;
        e.set("BACKBEAT_DB_MMAP_MB", &mut self.db_mmap_mb)?;
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
        e.set("BACKBEAT_JOB_LEASE_SECS", &mut self.job_lease_secs)?;
        e.set_some("BACKBEAT_NODE_ID", &mut self.node_id)?;
        e.set_some("BACKBEAT_KEYS_DIR", &mut self.keys_dir)?;
        e.set_some("BACKBEAT_INSTANCE_SECRET", &mut self.instance_secret)?;
        e.set("BACKBEAT_STREAM_CACHE_MB", &mut self.stream_cache_mb)?;
        e.set(
            "BACKBEAT_TRUST_FORWARDED_FOR",
            &mut self.trust_forwarded_for,
        )?;
        e.set("BACKBEAT_TRUSTED_PROXIES", &mut self.trusted_proxies)?;
        e.set_some("BACKBEAT_METRICS_ADDR", &mut self.metrics_addr)?;
        e.set_some("BACKBEAT_METRICS_TOKEN", &mut self.metrics_token)?;
        e.set("BACKBEAT_MAX_TRACK_SECS", &mut self.max_track_secs)?;
        e.set("BACKBEAT_MAX_DECODE_RATIO", &mut self.max_decode_ratio)?;
        e.set("BACKBEAT_JOB_TIMEOUT_SECS", &mut self.job_timeout_secs)?;
        e.set(
            "BACKBEAT_UPLOADS_IN_PROGRESS_PER_USER",
            &mut self.uploads_in_progress_per_user,
        )?;
        e.set(
            "BACKBEAT_AUDIO_CHECKS_AT_ONCE",
            &mut self.audio_checks_at_once,
        )?;
        e.set(
            "BACKBEAT_EVENT_STREAMS_PER_USER",
            &mut self.event_streams_per_user,
        )?;
        e.set(
            "BACKBEAT_PLAY_COUNT_WINDOW_SECS",
            &mut self.play_count_window_secs,
        )?;
        e.set(
            "BACKBEAT_MIN_SECS_BETWEEN_COUNTED_PLAYS",
            &mut self.min_secs_between_counted_plays,
        )?;
        e.set(
            "BACKBEAT_PLAY_REPORTS_PER_MINUTE",
            &mut self.play_reports_per_minute,
        )?;
        e.set_some(
            "BACKBEAT_AD_NETWORK_SCRIPT_URL",
            &mut self.ad_network_script_url,
        )?;
        let auth = &mut self.auth;
        e.set_some(
            "BACKBEAT_JWT_PRIVATE_KEY_FILE",
            &mut auth.jwt_private_key_file,
        )?;
        e.set_some("BACKBEAT_JWT_PRIVATE_KEY", &mut auth.jwt_private_key)?;
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
            "BACKBEAT_AUTH_EMAIL_RATE_LIMIT_PER_HOUR",
            &mut auth.email_rate_limit_per_hour,
        )?;
        e.set(
            "BACKBEAT_EMAIL_SEND_INTERVAL_SECS",
            &mut auth.email_send_interval_secs,
        )?;
        e.set("BACKBEAT_TOTP_ISSUER", &mut auth.totp_issuer)?;
        e.set_some("BACKBEAT_SMTP_URL", &mut self.mail.smtp_url)?;
        e.set("BACKBEAT_MAIL_FROM", &mut self.mail.from)?;
        let payments = &mut self.payments;
        e.set("BACKBEAT_PAYMENTS_PROVIDER", &mut payments.provider)?;
        e.set("BACKBEAT_PROMO_CODES", &mut payments.promo_codes)?;
        e.set_some(
            "BACKBEAT_SANDBOX_WEBHOOK_SECRET",
            &mut payments.sandbox_webhook_secret,
        )?;
        e.set_some(
            "BACKBEAT_STRIPE_SECRET_KEY",
            &mut payments.stripe_secret_key,
        )?;
        e.set_some(
            "BACKBEAT_STRIPE_WEBHOOK_SECRET",
            &mut payments.stripe_webhook_secret,
        )?;
        e.set_some(
            "BACKBEAT_STRIPE_PRICE_BASIC",
            &mut payments.stripe_price_basic,
        )?;
        e.set_some(
            "BACKBEAT_STRIPE_PRICE_PREMIUM",
            &mut payments.stripe_price_premium,
        )?;
        e.set("BACKBEAT_STRIPE_API_URL", &mut payments.stripe_api_url)?;
        e.set(
            "BACKBEAT_CHECKOUTS_PER_HOUR",
            &mut payments.checkouts_per_hour,
        )?;
        e.set(
            "BACKBEAT_PROMO_CODE_ATTEMPTS_PER_HOUR",
            &mut payments.promo_code_attempts_per_hour,
        )?;
        let payouts = &mut self.payouts;
        e.set_some("BACKBEAT_PAYPAL_CLIENT_ID", &mut payouts.paypal_client_id)?;
        e.set_some(
            "BACKBEAT_PAYPAL_CLIENT_SECRET",
            &mut payouts.paypal_client_secret,
        )?;
        e.set("BACKBEAT_PAYPAL_API_URL", &mut payouts.paypal_api_url)?;
        e.set(
            "BACKBEAT_WITHDRAWALS_PER_DAY",
            &mut payouts.withdrawals_per_day,
        )?;
        let automix = &mut self.automix;
        e.set_some("BACKBEAT_MODELS_DIR", &mut automix.models_dir)?;
        e.set_some("BACKBEAT_AUTOMIX_COMMAND", &mut automix.command)?;
        e.set("BACKBEAT_AUTOMIX_CONCURRENCY", &mut automix.concurrency)?;
        e.set("BACKBEAT_AUTOMIX_USER_LIMIT", &mut automix.user_limit)?;
        e.set("BACKBEAT_AUTOMIX_THREADS", &mut automix.threads)?;
        // The S3 settings are the AWS tools' own variables; the region's specific name wins.
        let media = &mut self.media;
        e.set_some("BACKBEAT_MEDIA_URL", &mut media.url)?;
        e.set("BACKBEAT_MEDIA_REDIRECT", &mut media.redirect)?;
        e.set_some("AWS_ENDPOINT_URL", &mut media.endpoint)?;
        e.set_some("AWS_DEFAULT_REGION", &mut media.region)?;
        e.set_some("AWS_REGION", &mut media.region)?;
        e.set_some("AWS_ACCESS_KEY_ID", &mut media.access_key_id)?;
        e.set_some("AWS_SECRET_ACCESS_KEY", &mut media.secret_access_key)?;
        e.set_some("AWS_SESSION_TOKEN", &mut media.session_token)?;
        e.set("AWS_ALLOW_HTTP", &mut media.allow_http)?;
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
        if self.db_acquire_timeout_ms == 0 {
            return Err(ConfigError::Invalid {
                name: "BACKBEAT_DB_ACQUIRE_TIMEOUT_MS",
                reason: "must be at least 1 millisecond".into(),
            });
        }
        for (name, secs) in [
            (
                "BACKBEAT_PLAY_COUNT_WINDOW_SECS",
                self.play_count_window_secs,
            ),
            (
                "BACKBEAT_MIN_SECS_BETWEEN_COUNTED_PLAYS",
                self.min_secs_between_counted_plays,
            ),
        ] {
            if secs > PLAY_COUNT_WINDOW_MAX_SECS {
                return Err(ConfigError::Invalid {
                    name,
                    reason: format!(
                        "must be at most {PLAY_COUNT_WINDOW_MAX_SECS} seconds (a year)"
                    ),
                });
            }
        }
        let at_least_one = [
            (
                "BACKBEAT_AUTH_RATE_LIMIT_PER_MINUTE",
                u64::from(self.auth.rate_limit_per_minute),
            ),
            (
                "BACKBEAT_AUTH_EMAIL_RATE_LIMIT_PER_HOUR",
                u64::from(self.auth.email_rate_limit_per_hour),
            ),
            ("BACKBEAT_MAX_TRACK_SECS", self.max_track_secs),
            ("BACKBEAT_MAX_DECODE_RATIO", self.max_decode_ratio),
            ("BACKBEAT_JOB_TIMEOUT_SECS", self.job_timeout_secs),
            ("BACKBEAT_JOB_LEASE_SECS", self.job_lease_secs),
            (
                "BACKBEAT_PLAY_REPORTS_PER_MINUTE",
                u64::from(self.play_reports_per_minute),
            ),
            (
                "BACKBEAT_WITHDRAWALS_PER_DAY",
                u64::from(self.payouts.withdrawals_per_day),
            ),
            (
                "BACKBEAT_UPLOADS_IN_PROGRESS_PER_USER",
                self.uploads_in_progress_per_user as u64,
            ),
            (
                "BACKBEAT_AUDIO_CHECKS_AT_ONCE",
                self.audio_checks_at_once as u64,
            ),
            (
                "BACKBEAT_EVENT_STREAMS_PER_USER",
                self.event_streams_per_user as u64,
            ),
        ];
        if let Some((name, _)) = at_least_one.iter().find(|(_, value)| *value == 0) {
            return Err(ConfigError::Invalid {
                name,
                reason: "must be at least 1".into(),
            });
        }
        if let Some(script) = &self.ad_network_script_url
            && backbeat_core::net::web_url(script).is_none()
        {
            return Err(ConfigError::Invalid {
                name: "BACKBEAT_AD_NETWORK_SCRIPT_URL",
                reason: format!("{script:?} is not an http:// or https:// URL"),
            });
        }
        if self.metrics_token.as_deref().is_some_and(|t| t.len() < 16) {
            return Err(ConfigError::Invalid {
                name: "BACKBEAT_METRICS_TOKEN",
                reason: "must be at least 16 characters".into(),
            });
        }
        self.validate_cluster()?;
        self.automix.validate()?;
        self.media.validate(&self.data_dir)?;
        self.payments.validate()
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
