//! What several nodes on one database need of their configuration: a name for each node, the
//! lease of the jobs they run, and the secrets they must all share (`crate::secrets` loads them).

use std::path::PathBuf;
use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::{STANDARD, STANDARD_NO_PAD, URL_SAFE, URL_SAFE_NO_PAD};

use super::{Config, ConfigError};

/// The longest node id accepted (it is stored with every job the node claims).
const NODE_ID_MAX_CHARS: usize = 100;

impl Config {
    /// This node's name: `BACKBEAT_NODE_ID`, else `<hostname>-<pid>`.
    pub fn node_id(&self) -> String {
        match &self.node_id {
            Some(id) => id.trim().to_owned(),
            None => format!("{}-{}", hostname(), std::process::id()),
        }
    }

    /// How long a claim on a job holds without renewal.
    pub fn job_lease(&self) -> Duration {
        Duration::from_secs(self.job_lease_secs)
    }

    /// The folder of the generated secrets: `BACKBEAT_KEYS_DIR`, else `<data_dir>/keys`.
    pub fn keys_dir(&self) -> PathBuf {
        self.keys_dir
            .clone()
            .unwrap_or_else(|| self.data_dir.join("keys"))
    }

    /// The configured instance secret (checked when the configuration was loaded).
    pub fn instance_secret_bytes(&self) -> Option<[u8; 32]> {
        let text = self.instance_secret.as_deref()?;
        Some(parse_instance_secret(text).expect("checked when the configuration was loaded"))
    }

    pub(super) fn validate_cluster(&self) -> Result<(), ConfigError> {
        if let Some(id) = &self.node_id {
            let id = id.trim();
            if id.is_empty()
                || id.chars().count() > NODE_ID_MAX_CHARS
                || id.chars().any(char::is_control)
            {
                return Err(ConfigError::Invalid {
                    name: "BACKBEAT_NODE_ID",
                    reason: format!("must be 1 to {NODE_ID_MAX_CHARS} printable characters"),
                });
            }
        }
        if let Some(secret) = &self.instance_secret {
            parse_instance_secret(secret).map_err(|reason| ConfigError::Invalid {
                name: "BACKBEAT_INSTANCE_SECRET",
                reason,
            })?;
        }
        if self.auth.jwt_private_key.is_some() && self.auth.jwt_private_key_file.is_some() {
            return Err(ConfigError::Invalid {
                name: "BACKBEAT_JWT_PRIVATE_KEY",
                reason: "set it or BACKBEAT_JWT_PRIVATE_KEY_FILE, not both".into(),
            });
        }
        Ok(())
    }
}

/// An instance secret as configured: 32 bytes written as 64 hexadecimal characters, or as
/// base64 (standard or URL-safe, with or without padding).
pub fn parse_instance_secret(text: &str) -> Result<[u8; 32], String> {
    let text = text.trim();
    let bytes = if text.len() == 64 && text.chars().all(|c| c.is_ascii_hexdigit()) {
        hex::decode(text).ok()
    } else {
        [STANDARD, STANDARD_NO_PAD, URL_SAFE, URL_SAFE_NO_PAD]
            .iter()
            .find_map(|engine| engine.decode(text).ok())
    };
    bytes
        .and_then(|bytes| <[u8; 32]>::try_from(bytes).ok())
        .ok_or_else(|| {
            "must be 32 bytes written as 64 hexadecimal characters or as base64 \
             (`backbeat keys generate` makes one)"
                .to_owned()
        })
}

/// The machine's name, for the default node id.
fn hostname() -> String {
    ["/proc/sys/kernel/hostname", "/etc/hostname"]
        .iter()
        .find_map(|path| {
            std::fs::read_to_string(path)
                .ok()
                .map(|name| name.trim().to_owned())
                .filter(|name| !name.is_empty())
        })
        .unwrap_or_else(|| "backbeat".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_instance_secret_is_32_bytes_in_hex_or_base64() {
        let hex_text = "00".repeat(31) + "ff";
        let base64_text = STANDARD.encode([7u8; 32]);

        assert_eq!(parse_instance_secret(&hex_text).unwrap()[31], 0xff);
        assert_eq!(parse_instance_secret(&base64_text).unwrap(), [7u8; 32]);
        assert_eq!(
            parse_instance_secret(&URL_SAFE_NO_PAD.encode([9u8; 32])).unwrap(),
            [9u8; 32]
        );
        let short = STANDARD.encode([7u8; 31]);
        let not_hex = "zz".repeat(32);
        for bad in ["", "00", short.as_str(), not_hex.as_str()] {
            assert!(parse_instance_secret(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn cluster_settings_have_defaults_and_name_their_variable_when_wrong() {
        let secret = "ab".repeat(32);
        let default = Config::load(None, &[]).unwrap();
        let configured = Config::load(
            None,
            &[
                ("BACKBEAT_NODE_ID", "node-a"),
                ("BACKBEAT_JOB_LEASE_SECS", "3"),
                ("BACKBEAT_KEYS_DIR", "/run/secrets/backbeat"),
                ("BACKBEAT_INSTANCE_SECRET", secret.as_str()),
            ],
        )
        .unwrap();

        assert_eq!(default.job_lease(), Duration::from_secs(60));
        assert!(
            default
                .node_id()
                .ends_with(&format!("-{}", std::process::id()))
        );
        assert_eq!(default.keys_dir(), PathBuf::from("./data/keys"));
        assert_eq!(default.instance_secret_bytes(), None);
        assert_eq!(configured.node_id(), "node-a");
        assert_eq!(configured.job_lease(), Duration::from_secs(3));
        assert_eq!(
            configured.keys_dir(),
            PathBuf::from("/run/secrets/backbeat")
        );
        assert_eq!(configured.instance_secret_bytes(), Some([0xab; 32]));
        assert!(!format!("{configured:?}").contains(&secret));
        for (name, value) in [
            ("BACKBEAT_INSTANCE_SECRET", "short"),
            ("BACKBEAT_NODE_ID", " "),
            ("BACKBEAT_JOB_LEASE_SECS", "0"),
        ] {
            let err = Config::load(None, &[(name, value)]).unwrap_err();
            assert!(err.to_string().contains(name), "{err}");
        }
        let both = Config::load(
            None,
            &[
                ("BACKBEAT_JWT_PRIVATE_KEY", "pem"),
                ("BACKBEAT_JWT_PRIVATE_KEY_FILE", "/k.pem"),
            ],
        )
        .unwrap_err();
        assert!(both.to_string().contains("not both"), "{both}");
    }
}
