//! `[media]`: where media objects live (`BACKBEAT_MEDIA_URL`) and how streams from S3 are
//! served (`BACKBEAT_MEDIA_REDIRECT`). The S3 endpoint, region and keys are the standard `AWS_*`
//! variables, so the same environment serves the AWS tools and Backbeat.

use std::fmt;
use std::path::Path;

use serde::Deserialize;

use super::ConfigError;
use crate::media::{MediaLocation, S3Settings};

/// `[media]` in the TOML file.
#[derive(Clone, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MediaConfig {
    /// `s3://bucket/prefix` or `file:///path` (`BACKBEAT_MEDIA_URL`); unset: `<data_dir>/media`.
    pub url: Option<String>,
    /// `presigned` answers a signed stream URL with a redirect to a presigned URL of the
    /// object, so its bytes do not pass through Backbeat (`BACKBEAT_MEDIA_REDIRECT`; S3 only).
    pub redirect: MediaRedirect,
    /// The S3 API's address (`AWS_ENDPOINT_URL`); unset: AWS itself.
    pub endpoint: Option<String>,
    /// `AWS_REGION` (else `AWS_DEFAULT_REGION`); unset: `us-east-1`.
    pub region: Option<String>,
    /// `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY` and, with temporary credentials,
    /// `AWS_SESSION_TOKEN`; without keys, the instance's role (EC2 instance metadata) is used.
    pub access_key_id: Option<String>,
    pub secret_access_key: Option<String>,
    pub session_token: Option<String>,
    /// Allow an `http://` endpoint (`AWS_ALLOW_HTTP`), e.g. a MinIO on the same host.
    pub allow_http: bool,
}

/// How a stream of an object in S3 reaches the player.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum MediaRedirect {
    /// Backbeat reads the object and sends its bytes.
    #[default]
    Off,
    /// Backbeat checks the stream URL's signature and the plan, then redirects (307) to a
    /// presigned URL of the object that expires with the stream URL.
    Presigned,
}

impl std::str::FromStr for MediaRedirect {
    type Err = String;
    fn from_str(value: &str) -> Result<Self, String> {
        match value {
            "off" => Ok(Self::Off),
            "presigned" => Ok(Self::Presigned),
            _ => Err("expected `off` or `presigned`".into()),
        }
    }
}

impl MediaConfig {
    /// Where the configured media lives (checked at load, so only a bug fails here).
    pub fn location(&self, data_dir: &Path) -> Result<MediaLocation, ConfigError> {
        match &self.url {
            None => Ok(MediaLocation::Local(data_dir.join("media"))),
            Some(url) => self.location_of("BACKBEAT_MEDIA_URL", url),
        }
    }

    /// The media at `url` (`s3://bucket/prefix` or `file:///path`), reached with this
    /// configuration's S3 settings; a bad URL is an error naming `name`.
    pub fn location_of(&self, name: &'static str, url: &str) -> Result<MediaLocation, ConfigError> {
        let invalid = |reason: String| ConfigError::Invalid { name, reason };
        if let Some(rest) = url.strip_prefix("s3://") {
            let (bucket, prefix) = rest.split_once('/').unwrap_or((rest, ""));
            check_bucket(bucket).map_err(|reason| invalid(format!("{url:?}: {reason}")))?;
            let prefix = prefix.trim_end_matches('/');
            if !prefix.is_empty() && crate::media::MediaKey::parse(prefix).is_err() {
                return Err(invalid(format!(
                    "{url:?}: the prefix must be folder names separated by single slashes"
                )));
            }
            return Ok(MediaLocation::S3(self.s3_settings(bucket, prefix)?));
        }
        if url.starts_with("file:") {
            return url::Url::parse(url)
                .ok()
                .and_then(|parsed| parsed.to_file_path().ok())
                .map(MediaLocation::Local)
                .ok_or_else(|| invalid(format!("{url:?} is not a file:///absolute/path URL")));
        }
        Err(invalid(format!(
            "{url:?}: expected s3://bucket/prefix or file:///absolute/path"
        )))
    }

    fn s3_settings(&self, bucket: &str, prefix: &str) -> Result<S3Settings, ConfigError> {
        if let Some(endpoint) = &self.endpoint {
            let parsed = url::Url::parse(endpoint).ok().filter(|u| u.has_host());
            let invalid = |reason: String| ConfigError::Invalid {
                name: "AWS_ENDPOINT_URL",
                reason,
            };
            match parsed.as_ref().map(url::Url::scheme) {
                Some("https") => {}
                Some("http") if self.allow_http => {}
                Some("http") => {
                    return Err(invalid(format!(
                        "{endpoint:?} is plain HTTP: set AWS_ALLOW_HTTP=true to allow it"
                    )));
                }
                _ => return Err(invalid(format!("{endpoint:?} is not an http(s) URL"))),
            }
        }
        let both_keys = self.access_key_id.is_some() == self.secret_access_key.is_some();
        if !both_keys {
            return Err(ConfigError::Invalid {
                name: "AWS_SECRET_ACCESS_KEY",
                reason: "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together".into(),
            });
        }
        Ok(S3Settings {
            bucket: bucket.to_owned(),
            prefix: prefix.to_owned(),
            endpoint: self.endpoint.clone(),
            region: self.region.clone().unwrap_or_else(|| "us-east-1".into()),
            access_key_id: self.access_key_id.clone(),
            secret_access_key: self.secret_access_key.clone(),
            session_token: self.session_token.clone(),
            allow_http: self.allow_http,
        })
    }

    /// The checks of a loaded configuration: the media URL and its S3 settings hold, and a
    /// redirect has an S3 bucket to redirect to.
    pub(super) fn validate(&self, data_dir: &Path) -> Result<(), ConfigError> {
        let location = self.location(data_dir)?;
        if self.redirect == MediaRedirect::Presigned && !matches!(location, MediaLocation::S3(_)) {
            return Err(ConfigError::Invalid {
                name: "BACKBEAT_MEDIA_REDIRECT",
                reason: "`presigned` needs media on S3 (BACKBEAT_MEDIA_URL=s3://bucket/prefix)"
                    .into(),
            });
        }
        Ok(())
    }
}

/// S3's rules for a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens, starting
/// and ending with a letter or digit.
fn check_bucket(bucket: &str) -> Result<(), String> {
    let allowed = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '.' || c == '-';
    let edge = |c: Option<char>| c.is_some_and(|c| c.is_ascii_lowercase() || c.is_ascii_digit());
    if (3..=63).contains(&bucket.len())
        && bucket.chars().all(allowed)
        && edge(bucket.chars().next())
        && edge(bucket.chars().last())
    {
        Ok(())
    } else {
        Err("the bucket name must be 3 to 63 lowercase letters, digits, dots and hyphens".into())
    }
}

impl fmt::Debug for MediaConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MediaConfig")
            .field("url", &self.url)
            .field("redirect", &self.redirect)
            .field("endpoint", &self.endpoint)
            .field("region", &self.region)
            .field("access_key_id", &self.access_key_id)
            .field(
                "secret_access_key",
                &self.secret_access_key.as_ref().map(|_| "***"),
            )
            .field("session_token", &self.session_token.as_ref().map(|_| "***"))
            .field("allow_http", &self.allow_http)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{Config, Env};

    /// Variables of any number, for a table of cases.
    struct Vars<'a>(&'a [(&'a str, &'a str)]);

    impl Env for Vars<'_> {
        fn var(&self, name: &str) -> Option<String> {
            self.0
                .iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| (*v).to_owned())
        }
    }

    fn s3(config: &Config) -> S3Settings {
        match config.media.location(&config.data_dir).unwrap() {
            MediaLocation::S3(settings) => settings,
            MediaLocation::Local(dir) => panic!("local media at {}", dir.display()),
        }
    }

    #[test]
    fn media_is_a_folder_of_the_data_dir_unless_configured() {
        let default = Config::load(None, &[("BACKBEAT_DATA_DIR", "/srv/bb")]).unwrap();
        let file =
            Config::load(None, &[("BACKBEAT_MEDIA_URL", "file:///mnt/media%20disk")]).unwrap();

        assert!(matches!(
            default.media.location(&default.data_dir).unwrap(),
            MediaLocation::Local(dir) if dir == Path::new("/srv/bb/media")
        ));
        assert!(matches!(
            file.media.location(&file.data_dir).unwrap(),
            MediaLocation::Local(dir) if dir == Path::new("/mnt/media disk")
        ));
        assert_eq!(default.media.redirect, MediaRedirect::Off);
    }

    #[test]
    fn an_s3_url_takes_the_aws_variables() {
        let config = Config::load(
            None,
            &[
                ("BACKBEAT_MEDIA_URL", "s3://backbeat-media/prod/v1/"),
                ("BACKBEAT_MEDIA_REDIRECT", "presigned"),
                ("AWS_ENDPOINT_URL", "http://127.0.0.1:9000"),
                ("AWS_ALLOW_HTTP", "true"),
                ("AWS_DEFAULT_REGION", "eu-west-1"),
                ("AWS_REGION", "eu-central-1"),
                ("AWS_ACCESS_KEY_ID", "AKIAEXAMPLE"),
                ("AWS_SECRET_ACCESS_KEY", "wJalrXUtnFEMI"),
            ],
        )
        .unwrap();

        let settings = s3(&config);

        assert_eq!(settings.bucket, "backbeat-media");
        assert_eq!(settings.prefix, "prod/v1");
        assert_eq!(settings.endpoint.as_deref(), Some("http://127.0.0.1:9000"));
        assert_eq!(settings.region, "eu-central-1");
        assert_eq!(settings.access_key_id.as_deref(), Some("AKIAEXAMPLE"));
        assert!(settings.allow_http);
        assert_eq!(config.media.redirect, MediaRedirect::Presigned);
    }

    #[test]
    fn the_environment_overrides_the_media_table_of_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("backbeat.toml");
        std::fs::write(
            &file,
            "[media]\nurl = \"s3://from-file\"\nregion = \"eu-west-3\"\n\
             endpoint = \"https://s3.example\"\naccess_key_id = \"file-key\"\n\
             secret_access_key = \"file-secret\"\n",
        )
        .unwrap();

        let file_only = Config::load(Some(&file), &[]).unwrap();
        let overridden = Config::load(
            Some(&file),
            &[
                ("BACKBEAT_MEDIA_URL", "s3://from-env/tracks"),
                ("AWS_ACCESS_KEY_ID", "env-key"),
                ("AWS_SECRET_ACCESS_KEY", "env-secret"),
            ],
        )
        .unwrap();

        let (from_file, from_env) = (s3(&file_only), s3(&overridden));
        assert_eq!(
            (from_file.bucket.as_str(), from_file.prefix.as_str()),
            ("from-file", "")
        );
        assert_eq!(from_file.region, "eu-west-3");
        assert_eq!(
            (from_env.bucket.as_str(), from_env.prefix.as_str()),
            ("from-env", "tracks")
        );
        assert_eq!(from_env.access_key_id.as_deref(), Some("env-key"));
        assert_eq!(from_env.endpoint.as_deref(), Some("https://s3.example"));
        assert_eq!(
            s3(&Config::load(None, &[("BACKBEAT_MEDIA_URL", "s3://b-1")]).unwrap()).region,
            "us-east-1"
        );
    }

    #[test]
    fn a_bad_media_setting_fails_at_load_naming_its_variable() {
        for url in [
            "/srv/media",
            "gs://bucket/x",
            "s3://",
            "s3://Upper_Case",
            "s3://bucket/a//b",
            "s3://bucket/../b",
            "s3://user:pw@bucket/x",
            "file://host/srv/media",
        ] {
            let err = Config::load(None, &[("BACKBEAT_MEDIA_URL", url)]).unwrap_err();
            assert!(
                err.to_string().contains("BACKBEAT_MEDIA_URL"),
                "{url}: {err}"
            );
        }
        let s3 = ("BACKBEAT_MEDIA_URL", "s3://bucket");
        let cases: &[(&[(&str, &str)], &str)] = &[
            (
                &[("BACKBEAT_MEDIA_REDIRECT", "sometimes")],
                "BACKBEAT_MEDIA_REDIRECT",
            ),
            (
                &[("BACKBEAT_MEDIA_REDIRECT", "presigned")],
                "BACKBEAT_MEDIA_REDIRECT",
            ),
            (
                &[s3, ("AWS_ENDPOINT_URL", "http://127.0.0.1:9000")],
                "AWS_ALLOW_HTTP",
            ),
            (
                &[s3, ("AWS_ENDPOINT_URL", "minio:9000")],
                "AWS_ENDPOINT_URL",
            ),
            (
                &[s3, ("AWS_ACCESS_KEY_ID", "AKIAEXAMPLE")],
                "AWS_SECRET_ACCESS_KEY",
            ),
            (&[("AWS_ALLOW_HTTP", "yes")], "AWS_ALLOW_HTTP"),
        ];
        for (env, name) in cases {
            let err = Config::load(None, &Vars(env)).expect_err(&format!("{env:?} was accepted"));
            assert!(err.to_string().contains(name), "{env:?}: {err}");
        }
    }

    #[test]
    fn debug_output_hides_the_s3_secrets() {
        let config = Config::load(
            None,
            &[
                ("BACKBEAT_MEDIA_URL", "s3://bucket/p"),
                ("AWS_ACCESS_KEY_ID", "AKIAEXAMPLE"),
                ("AWS_SECRET_ACCESS_KEY", "s3cret-key"),
                ("AWS_SESSION_TOKEN", "s3cret-token"),
            ],
        )
        .unwrap();

        let shown = format!("{config:?} {:?}", s3(&config));

        assert!(!shown.contains("s3cret"), "{shown}");
        assert!(shown.contains("s3://bucket/p"), "{shown}");
    }
}
