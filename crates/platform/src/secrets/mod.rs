//! The secrets a node signs and verifies with, and where each comes from. Every node of one
//! database must use the same ones, or a token or link one node issues is refused by another:
//!
//! | secret | signs | from |
//! |---|---|---|
//! | access-token key (ES256) | access tokens | `BACKBEAT_JWT_PRIVATE_KEY`, `BACKBEAT_JWT_PRIVATE_KEY_FILE`, else `jwt-es256.pem` in the keys folder |
//! | instance secret (32 bytes) | refresh tokens, stream URLs, ad click links, rate-limit keys | `BACKBEAT_INSTANCE_SECRET`, else `secret.key` in the keys folder |
//! | the payment provider's webhook secret | sandbox webhook events | `BACKBEAT_SANDBOX_WEBHOOK_SECRET`, else `sandbox-webhook-secret` in the keys folder; Stripe's is `BACKBEAT_STRIPE_WEBHOOK_SECRET` |
//!
//! The keys folder is `BACKBEAT_KEYS_DIR` (default `<data_dir>/keys`). What is neither
//! configured nor in the folder is generated there on first start (mode 0600), so a single
//! node needs nothing; `backbeat keys generate` makes a whole set once, to hand to every node.
//! [`fingerprints`] keeps a node with other secrets from starting.

pub mod fingerprints;

use std::path::{Path, PathBuf};

use anyhow::Context;
use p256::SecretKey;
use p256::pkcs8::{DecodePrivateKey, EncodePrivateKey, LineEnding};
use rand::RngCore;

use crate::config::{Config, ProviderKind};
use fingerprints::Fingerprint;

/// The access-token signing key's file in the keys folder.
pub const JWT_KEY_FILE: &str = "jwt-es256.pem";
/// The instance secret's file in the keys folder (32 raw bytes).
pub const INSTANCE_SECRET_FILE: &str = "secret.key";
/// The sandbox payment provider's webhook secret's file in the keys folder.
pub const SANDBOX_WEBHOOK_SECRET_FILE: &str = "sandbox-webhook-secret";

/// A secret and the setting this node took it from (named when nodes disagree).
pub struct Sourced<T> {
    pub value: T,
    pub source: String,
}

/// Every secret this node uses, as its configuration gives them.
pub struct NodeSecrets {
    /// The access-token signing key, PKCS#8 PEM of a P-256 key.
    pub jwt_key: Sourced<String>,
    /// Its public point (SEC1), which fingerprints it.
    jwt_public_key: Vec<u8>,
    pub instance_secret: Sourced<[u8; 32]>,
    /// The configured payment provider and its webhook secret.
    pub webhook_secret: (ProviderKind, Sourced<Vec<u8>>),
}

impl NodeSecrets {
    /// Loads this node's secrets, generating into the keys folder what is neither configured
    /// nor there yet.
    pub fn load(config: &Config) -> anyhow::Result<Self> {
        let dir = config.keys_dir();
        let jwt_key = jwt_key(
            &dir,
            config.auth.jwt_private_key.as_deref(),
            config.auth.jwt_private_key_file.as_deref(),
        )?;
        let jwt_public_key = SecretKey::from_pkcs8_pem(&jwt_key.value)
            .with_context(|| {
                format!(
                    "the access-token signing key from {} must be a P-256 key in PKCS#8 PEM",
                    jwt_key.source
                )
            })?
            .public_key()
            .to_sec1_bytes()
            .to_vec();
        let instance_secret = match config.instance_secret_bytes() {
            Some(value) => Sourced {
                value,
                source: "BACKBEAT_INSTANCE_SECRET".to_owned(),
            },
            None => instance_secret_file(&dir)?,
        };
        let provider = config.payments.provider;
        let webhook_secret = match provider {
            ProviderKind::Sandbox => {
                sandbox_webhook_secret(&dir, config.payments.sandbox_webhook_secret.as_deref())?
            }
            ProviderKind::Stripe => Sourced {
                value: config.payments.stripe()?.webhook_secret.into_bytes(),
                source: "BACKBEAT_STRIPE_WEBHOOK_SECRET".to_owned(),
            },
        };
        Ok(Self {
            jwt_key,
            jwt_public_key,
            instance_secret,
            webhook_secret: (provider, webhook_secret),
        })
    }

    /// What the database compares with the other nodes' secrets.
    pub fn fingerprints(&self) -> Vec<Fingerprint> {
        let (provider, webhook) = &self.webhook_secret;
        let webhook = match provider {
            ProviderKind::Sandbox => Fingerprint::of_secret(
                fingerprints::SANDBOX_WEBHOOK_SECRET,
                &webhook.value,
                &webhook.source,
            ),
            ProviderKind::Stripe => Fingerprint::of_secret(
                fingerprints::STRIPE_WEBHOOK_SECRET,
                &webhook.value,
                &webhook.source,
            ),
        };
        vec![
            Fingerprint::of_public(
                fingerprints::JWT_SIGNING_KEY,
                &self.jwt_public_key,
                &self.jwt_key.source,
            ),
            Fingerprint::of_secret(
                fingerprints::INSTANCE_SECRET,
                &self.instance_secret.value,
                &self.instance_secret.source,
            ),
            webhook,
        ]
    }
}

/// Names a file of the keys folder as a source.
fn in_keys_dir(path: &Path) -> String {
    format!("{} (the keys folder, BACKBEAT_KEYS_DIR)", path.display())
}

fn jwt_key(dir: &Path, pem: Option<&str>, file: Option<&Path>) -> anyhow::Result<Sourced<String>> {
    if let Some(pem) = pem {
        // A variable set from a one-line file has its line breaks written as `\n`.
        return Ok(Sourced {
            value: pem.replace("\\n", "\n"),
            source: "BACKBEAT_JWT_PRIVATE_KEY".to_owned(),
        });
    }
    let (path, source) = match file {
        Some(path) => (
            path.to_owned(),
            format!("BACKBEAT_JWT_PRIVATE_KEY_FILE ({})", path.display()),
        ),
        None => {
            let path = dir.join(JWT_KEY_FILE);
            let source = in_keys_dir(&path);
            (path, source)
        }
    };
    let bytes = if file.is_some() {
        std::fs::read(&path).with_context(|| format!("cannot read {source}"))?
    } else {
        read_or_create(dir, JWT_KEY_FILE, new_jwt_key)?
    };
    let value = String::from_utf8(bytes).with_context(|| format!("{source} is not PEM text"))?;
    Ok(Sourced { value, source })
}

fn instance_secret_file(dir: &Path) -> anyhow::Result<Sourced<[u8; 32]>> {
    let path = dir.join(INSTANCE_SECRET_FILE);
    let bytes = read_or_create(dir, INSTANCE_SECRET_FILE, new_instance_secret)?;
    let value = bytes
        .try_into()
        .map_err(|_| anyhow::anyhow!("{} must hold exactly 32 bytes", path.display()))?;
    Ok(Sourced {
        value,
        source: in_keys_dir(&path),
    })
}

/// The sandbox payment provider's webhook secret: configured, else generated once in the keys
/// folder so that every restart and every node sharing it signs and verifies with the same one.
pub fn sandbox_webhook_secret(
    dir: &Path,
    configured: Option<&str>,
) -> anyhow::Result<Sourced<Vec<u8>>> {
    if let Some(secret) = configured {
        return Ok(Sourced {
            value: secret.as_bytes().to_vec(),
            source: "BACKBEAT_SANDBOX_WEBHOOK_SECRET".to_owned(),
        });
    }
    Ok(Sourced {
        value: read_or_create(dir, SANDBOX_WEBHOOK_SECRET_FILE, new_sandbox_webhook_secret)?,
        source: in_keys_dir(&dir.join(SANDBOX_WEBHOOK_SECRET_FILE)),
    })
}

fn new_jwt_key() -> anyhow::Result<Vec<u8>> {
    let key = SecretKey::random(&mut rand::rngs::OsRng);
    Ok(key.to_pkcs8_pem(LineEnding::LF)?.as_bytes().to_vec())
}

fn new_instance_secret() -> anyhow::Result<Vec<u8>> {
    let mut secret = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut secret);
    Ok(secret.to_vec())
}

fn new_sandbox_webhook_secret() -> anyhow::Result<Vec<u8>> {
    let mut random = [0u8; 24];
    rand::rngs::OsRng.fill_bytes(&mut random);
    Ok(format!("whsec_sandbox_{}", hex::encode(random)).into_bytes())
}

/// Makes a new secret's bytes.
type MakeSecret = fn() -> anyhow::Result<Vec<u8>>;

/// Every file of a set, and how it is made.
const SET: [(&str, MakeSecret); 3] = [
    (JWT_KEY_FILE, new_jwt_key),
    (INSTANCE_SECRET_FILE, new_instance_secret),
    (SANDBOX_WEBHOOK_SECRET_FILE, new_sandbox_webhook_secret),
];

/// Writes a new set of every generated secret into `dir` (created, mode 0700; files 0600), for
/// handing the same set to every node (`backbeat keys generate`). Refuses to replace a file
/// that exists. Answers the files written.
pub fn generate_set(dir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    create_private_dir(dir)?;
    let taken: Vec<_> = SET
        .iter()
        .map(|(file, _)| dir.join(file))
        .filter(|path| path.exists())
        .collect();
    if let Some(path) = taken.first() {
        anyhow::bail!(
            "{} exists already: generate into an empty folder",
            path.display()
        );
    }
    SET.iter()
        .map(|&(file, make)| {
            write_new(&dir.join(file), &make()?)?;
            Ok(dir.join(file))
        })
        .collect()
}

fn create_private_dir(dir: &Path) -> anyhow::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
        .with_context(|| format!("cannot create {}", dir.display()))
}

/// Creates `path` (mode 0600) holding `bytes`; fails when it exists.
fn write_new(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

/// Reads `file` of the keys folder `dir`, or creates it with `create`'s bytes when it does not
/// exist yet; nodes sharing the folder race safely to one value.
fn read_or_create(
    dir: &Path,
    file: &str,
    create: impl FnOnce() -> anyhow::Result<Vec<u8>>,
) -> anyhow::Result<Vec<u8>> {
    let path = dir.join(file);
    match std::fs::read(&path) {
        Ok(bytes) => return Ok(bytes),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    }
    create_private_dir(dir)?;
    match write_new(&path, &create()?) {
        Ok(()) => {
            tracing::info!(path = %path.display(), "generated a new key");
            Ok(std::fs::read(&path)?)
        }
        // Another node sharing the folder created it first: use theirs.
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(std::fs::read(&path)?),
        Err(e) => Err(e).with_context(|| format!("cannot create {}", path.display())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config_with_keys_in(dir: &Path) -> Config {
        Config {
            keys_dir: Some(dir.to_owned()),
            ..Config::default()
        }
    }

    fn mode(path: &Path) -> u32 {
        std::os::unix::fs::PermissionsExt::mode(&std::fs::metadata(path).unwrap().permissions())
    }

    #[test]
    fn secrets_are_generated_once_private_and_then_reused() {
        let dir = tempfile::tempdir().unwrap();
        let keys = dir.path().join("keys");
        let first = NodeSecrets::load(&config_with_keys_in(&keys)).unwrap();
        let second = NodeSecrets::load(&config_with_keys_in(&keys)).unwrap();

        assert_eq!(first.jwt_key.value, second.jwt_key.value);
        assert_eq!(first.instance_secret.value, second.instance_secret.value);
        assert_eq!(first.webhook_secret.1.value, second.webhook_secret.1.value);
        assert_eq!(mode(&keys) & 0o077, 0, "the folder is open to others");
        for (file, _) in SET {
            let mode = mode(&keys.join(file));
            assert_eq!(mode & 0o077, 0, "{file} is readable by others: {mode:o}");
        }
        assert!(first.instance_secret.source.contains("BACKBEAT_KEYS_DIR"));
    }

    #[test]
    fn a_generated_set_is_what_a_node_given_that_folder_uses() {
        let dir = tempfile::tempdir().unwrap();
        let set = dir.path().join("set");

        let written = generate_set(&set).unwrap();
        let again = generate_set(&set);
        let node = NodeSecrets::load(&config_with_keys_in(&set)).unwrap();

        assert_eq!(written.len(), 3);
        assert!(again.unwrap_err().to_string().contains("exists already"));
        assert_eq!(
            node.instance_secret.value.to_vec(),
            std::fs::read(set.join(INSTANCE_SECRET_FILE)).unwrap()
        );
        assert!(
            String::from_utf8(node.webhook_secret.1.value)
                .unwrap()
                .starts_with("whsec_sandbox_")
        );
    }

    #[test]
    fn configured_secrets_win_over_the_folder_and_a_bad_key_names_its_setting() {
        let dir = tempfile::tempdir().unwrap();
        let set = dir.path().join("set");
        generate_set(&set).unwrap();
        let pem = std::fs::read_to_string(set.join(JWT_KEY_FILE)).unwrap();
        let mut config = config_with_keys_in(&dir.path().join("empty"));
        config.auth.jwt_private_key = Some(pem.replace('\n', "\\n"));
        config.instance_secret = Some("cd".repeat(32));
        config.payments.sandbox_webhook_secret = Some("whsec_given".into());

        let node = NodeSecrets::load(&config).unwrap();
        let from_folder = NodeSecrets::load(&config_with_keys_in(&set)).unwrap();
        config.auth.jwt_private_key = Some("not a key".into());
        let bad = NodeSecrets::load(&config).err().unwrap();

        assert_eq!(node.jwt_key.value, pem);
        assert_eq!(node.instance_secret.value, [0xcd; 32]);
        assert_eq!(node.webhook_secret.1.value, b"whsec_given");
        assert_eq!(
            node.fingerprints()[0].value,
            from_folder.fingerprints()[0].value
        );
        assert!(!dir.path().join("empty").exists(), "nothing was generated");
        assert!(
            format!("{bad:#}").contains("BACKBEAT_JWT_PRIVATE_KEY"),
            "{bad:#}"
        );
    }
}
