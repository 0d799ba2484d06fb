//! The database's record of the secrets its nodes use, so that a node whose secrets differ
//! refuses to start instead of issuing tokens and links the other nodes refuse.
//!
//! A fingerprint reveals nothing of its secret: SHA-256 of an HMAC of a fixed label under the
//! secret (SHA-256 of the public key, for the signing key). The first node to start records
//! its fingerprints; every later start compares ([`on_start`]). `backbeat keys adopt` records a
//! node's fingerprints in place of the recorded ones, to change secrets on purpose.

use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

use backbeat_core::db::{Backend, Db, Timestamp};
use backbeat_core::on_tx;

pub const JWT_SIGNING_KEY: &str = "jwt_signing_key";
pub const INSTANCE_SECRET: &str = "instance_secret";
pub const SANDBOX_WEBHOOK_SECRET: &str = "sandbox_webhook_secret";
pub const STRIPE_WEBHOOK_SECRET: &str = "stripe_webhook_secret";

/// What each recorded secret is, and the settings that give it.
fn described(name: &str) -> (&'static str, &'static str) {
    match name {
        JWT_SIGNING_KEY => (
            "access-token signing key",
            "BACKBEAT_JWT_PRIVATE_KEY, BACKBEAT_JWT_PRIVATE_KEY_FILE, or jwt-es256.pem in \
             BACKBEAT_KEYS_DIR",
        ),
        INSTANCE_SECRET => (
            "instance secret (refresh tokens, stream URLs, ad click links)",
            "BACKBEAT_INSTANCE_SECRET, or secret.key in BACKBEAT_KEYS_DIR",
        ),
        SANDBOX_WEBHOOK_SECRET => (
            "sandbox payments webhook secret",
            "BACKBEAT_SANDBOX_WEBHOOK_SECRET, or sandbox-webhook-secret in BACKBEAT_KEYS_DIR",
        ),
        _ => ("Stripe webhook secret", "BACKBEAT_STRIPE_WEBHOOK_SECRET"),
    }
}

/// One secret of this node, fingerprinted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fingerprint {
    /// The secret's name in the record (one of the constants above).
    pub name: &'static str,
    /// 64 hexadecimal characters.
    pub value: String,
    /// Where this node took the secret from.
    pub source: String,
}

impl Fingerprint {
    /// Of a symmetric secret: SHA-256 of HMAC-SHA256(secret, label).
    pub fn of_secret(name: &'static str, secret: &[u8], source: &str) -> Self {
        let mut mac =
            Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes a key of any length");
        mac.update(b"backbeat key fingerprint\0");
        mac.update(name.as_bytes());
        let value = hex::encode(Sha256::digest(mac.finalize().into_bytes()));
        Self::new(name, value, source)
    }

    /// Of a public key.
    pub fn of_public(name: &'static str, public_key: &[u8], source: &str) -> Self {
        let mut hash = Sha256::new();
        hash.update(b"backbeat public key fingerprint\0");
        hash.update(public_key);
        Self::new(name, hex::encode(hash.finalize()), source)
    }

    fn new(name: &'static str, value: String, source: &str) -> Self {
        Self {
            name,
            value,
            source: source.to_owned(),
        }
    }

    /// The secret in words.
    pub fn what(&self) -> &'static str {
        described(self.name).0
    }

    /// The first characters, to tell fingerprints apart when printed.
    pub fn short(&self) -> &str {
        &self.value[..self.value.len().min(12)]
    }
}

/// A secret of this node that is not the one recorded for the database's nodes.
#[derive(Clone, Debug)]
pub struct Differs {
    pub mine: Fingerprint,
    pub recorded_by: String,
    pub recorded_at: Timestamp,
}

/// Why a node may not start with its secrets.
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    #[error("{}", differences(.0))]
    Differ(Vec<Differs>),
    #[error("cannot compare this node's secrets with the database's record: {0}")]
    Database(#[from] sqlx::Error),
}

fn differences(differ: &[Differs]) -> String {
    let mut text = String::from(
        "this node's secrets are not the ones the other nodes of this database use, so the \
         tokens and links it signed would be refused by them (and theirs by it):",
    );
    for Differs {
        mine,
        recorded_by,
        recorded_at,
    } in differ
    {
        let settings = described(mine.name).1;
        text.push_str(&format!(
            "\n  - the {what}: this node's comes from {source} and differs from the one node \
             {recorded_by} recorded at {recorded_at}. Give this node the same one ({settings}).",
            what = mine.what(),
            source = mine.source,
            recorded_at = recorded_at.as_datetime().to_rfc3339(),
        ));
    }
    text.push_str(
        "\nTo change the secrets of every node on purpose, give the nodes the new ones, run \
         `backbeat keys adopt` with them once, and restart every node.",
    );
    text
}

/// What a node starting with `mine` does about the record. On PostgreSQL, which several nodes
/// share, it [`check`]s: a node with other secrets does not start. On SQLite, one process's
/// own database, its secrets are the only ones: as before there was a record, a changed set (a
/// backup restored into a new data folder, a keys folder replaced) is taken, with a warning
/// that what was signed with the old one no longer verifies.
pub async fn on_start(
    db: &Db,
    mine: &[Fingerprint],
    node: &str,
    now: Timestamp,
) -> Result<(), CheckError> {
    if db.backend() == Backend::Postgres {
        return check(db, mine, node, now).await;
    }
    for adopted in adopt(db, mine, node, now).await? {
        if adopted.replaced {
            tracing::warn!(
                secret = adopted.print.what(),
                source = %adopted.print.source,
                "this secret is not the one of the last start: tokens and links signed with \
                 the old one no longer verify"
            );
        }
    }
    Ok(())
}

/// Compares this node's fingerprints with the database's record, recording those it has none
/// of yet (the first node to start records them all). In one transaction, in a fixed order, so
/// nodes starting at once record one node's set; a node that differs records nothing.
pub async fn check(
    db: &Db,
    mine: &[Fingerprint],
    node: &str,
    now: Timestamp,
) -> Result<(), CheckError> {
    let mut tx = db.begin().await?;
    let mut differ = Vec::new();
    for print in mine {
        on_tx!(&mut tx, conn => sqlx::query(
            "INSERT INTO key_fingerprints (name, fingerprint, recorded_by, recorded_at) \
             VALUES ($1, $2, $3, $4) ON CONFLICT (name) DO NOTHING")
            .bind(print.name).bind(&print.value).bind(node).bind(now)
            .execute(conn).await.map(drop))?;
        let (recorded, recorded_by, recorded_at): (String, String, Timestamp) = on_tx!(&mut tx, conn => sqlx::query_as(
            "SELECT fingerprint, recorded_by, recorded_at FROM key_fingerprints WHERE name = $1")
            .bind(print.name).fetch_one(conn).await)?;
        if recorded != print.value {
            differ.push(Differs {
                mine: print.clone(),
                recorded_by,
                recorded_at,
            });
        }
    }
    if !differ.is_empty() {
        return Err(CheckError::Differ(differ));
    }
    tx.commit().await?;
    Ok(())
}

/// A fingerprint `adopt` recorded, and whether it replaced another.
#[derive(Clone, Debug)]
pub struct Adopted {
    pub print: Fingerprint,
    pub replaced: bool,
}

/// Records this node's fingerprints as the database's, replacing those recorded (a deliberate
/// change of secrets).
pub async fn adopt(
    db: &Db,
    mine: &[Fingerprint],
    node: &str,
    now: Timestamp,
) -> sqlx::Result<Vec<Adopted>> {
    let mut tx = db.begin().await?;
    let mut adopted = Vec::new();
    for print in mine {
        let before: Option<String> = on_tx!(&mut tx, conn => sqlx::query_scalar(
            "SELECT fingerprint FROM key_fingerprints WHERE name = $1")
            .bind(print.name).fetch_optional(conn).await)?;
        on_tx!(&mut tx, conn => sqlx::query(
            "INSERT INTO key_fingerprints (name, fingerprint, recorded_by, recorded_at) \
             VALUES ($1, $2, $3, $4) ON CONFLICT (name) DO UPDATE SET \
                fingerprint = excluded.fingerprint, recorded_by = excluded.recorded_by, \
                recorded_at = excluded.recorded_at")
            .bind(print.name).bind(&print.value).bind(node).bind(now)
            .execute(conn).await.map(drop))?;
        adopted.push(Adopted {
            print: print.clone(),
            replaced: before.is_some_and(|before| before != print.value),
        });
    }
    tx.commit().await?;
    Ok(adopted)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fingerprint_depends_on_the_secret_and_its_name_and_shows_neither() {
        let secret = [5u8; 32];
        let print = Fingerprint::of_secret(INSTANCE_SECRET, &secret, "test");

        assert_eq!(print.value.len(), 64);
        assert_eq!(
            print,
            Fingerprint::of_secret(INSTANCE_SECRET, &secret, "test")
        );
        assert_ne!(
            print.value,
            Fingerprint::of_secret(INSTANCE_SECRET, &[6u8; 32], "test").value
        );
        assert_ne!(
            print.value,
            Fingerprint::of_secret(SANDBOX_WEBHOOK_SECRET, &secret, "test").value
        );
        assert!(!print.value.contains(&hex::encode(secret)));
    }

    #[test]
    fn a_difference_names_the_secret_where_it_came_from_and_how_to_fix_it() {
        let differs = Differs {
            mine: Fingerprint::of_secret(INSTANCE_SECRET, &[1; 32], "BACKBEAT_INSTANCE_SECRET"),
            recorded_by: "node-a".into(),
            recorded_at: Timestamp::now(),
        };

        let text = CheckError::Differ(vec![differs]).to_string();

        for part in [
            "instance secret",
            "comes from BACKBEAT_INSTANCE_SECRET",
            "node node-a",
            "secret.key in BACKBEAT_KEYS_DIR",
            "backbeat keys adopt",
        ] {
            assert!(text.contains(part), "{part:?} missing from: {text}");
        }
    }
}
