//! What keeps uploads from piling up: a user has a few uploads in progress at most (more are
//! refused before anything of them is stored or decoded), checking audio (decoding it) runs a bounded number at a
//! time, and an upload holds its monthly slot, reserved in the database, before its audio is
//! checked, so uploads that could never be recorded are refused before the expensive work.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use prometheus_client::metrics::counter::Counter;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use uuid::Uuid;

use super::limit::{may_upload, month_start};
use super::store;
use backbeat_core::db::{Db, Timestamp, Tx};
use backbeat_core::errors::{self, Failure};
use backbeat_core::ids::UserId;
use backbeat_core::{on_db, on_tx};
use backbeat_platform::plans;
use backbeat_platform::users;

/// A reservation not taken by a recorded track by then belongs to an upload that died with
/// its process: it no longer holds a slot. Longer than any upload may take.
const RESERVATION_LIFETIME: chrono::Duration = chrono::Duration::minutes(30);

/// Per-process limits on uploads in progress and on audio checks.
#[derive(Clone, Debug)]
pub struct UploadGate {
    in_progress: Arc<Mutex<HashMap<UserId, usize>>>,
    per_user: usize,
    checks: Arc<Semaphore>,
    /// Audio files decoded to check them (`backbeat_audio_checks_total`).
    checked: Counter,
}

/// An upload in progress; dropping it ends it.
#[derive(Debug)]
pub struct UploadTicket {
    in_progress: Arc<Mutex<HashMap<UserId, usize>>>,
    user: UserId,
}

impl UploadGate {
    /// `per_user` uploads in progress per user, `checks_at_once` audio checks at a time.
    pub fn new(per_user: usize, checks_at_once: usize, checked: Counter) -> Self {
        Self {
            in_progress: Arc::default(),
            per_user: per_user.max(1),
            checks: Arc::new(Semaphore::new(checks_at_once.max(1))),
            checked,
        }
    }

    /// Starts an upload of `user`, unless they have as many in progress as allowed.
    pub fn enter(&self, user: &UserId) -> Result<UploadTicket, Failure> {
        let mut in_progress = self.in_progress.lock().expect("upload gate lock");
        let count = in_progress.entry(user.to_owned()).or_default();
        if *count >= self.per_user {
            return Err(errors::TOO_MANY_UPLOADS.into());
        }
        *count += 1;
        Ok(UploadTicket {
            in_progress: self.in_progress.clone(),
            user: user.to_owned(),
        })
    }

    /// Waits for a turn to check (decode) an audio file, and counts the check.
    pub async fn audio_check(&self) -> Result<OwnedSemaphorePermit, Failure> {
        let permit = self
            .checks
            .clone()
            .acquire_owned()
            .await
            .map_err(Failure::unexpected)?;
        self.checked.inc();
        Ok(permit)
    }
}

impl Drop for UploadTicket {
    fn drop(&mut self) {
        let mut in_progress = self.in_progress.lock().expect("upload gate lock");
        if let Some(count) = in_progress.get_mut(&self.user) {
            *count -= 1;
            if *count == 0 {
                in_progress.remove(&self.user);
            }
        }
    }
}

/// A monthly upload slot held for an upload being checked. [`Reservation::take`] hands it to
/// the track in the recording transaction, and [`Reservation::recorded`] once that committed;
/// otherwise [`Reservation::release`] frees it, or, on a path that could not (a cancelled
/// task), dropping it does.
#[derive(Debug)]
pub struct Reservation {
    db: Db,
    id: String,
    pub user: UserId,
    settled: bool,
}

impl Reservation {
    /// Reserves a slot of `user`'s monthly limit, in one transaction that holds their profile
    /// row: concurrent uploads count and reserve one at a time, so no more are checked than
    /// could be recorded.
    pub async fn reserve(db: &Db, user: &UserId) -> Result<Self, Failure> {
        let now = Timestamp::now();
        let mut tx = db.begin().await?;
        if !users::lock(&mut tx, user).await? {
            return Err(anyhow::anyhow!("the profile of {user} is gone").into());
        }
        if !slot_free(&mut tx, user, now).await? {
            return Err(errors::UPLOAD_LIMIT_REACHED.into());
        }
        let id = Uuid::now_v7().to_string();
        on_tx!(&mut tx, conn => sqlx::query(
            "INSERT INTO upload_reservations (id, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)")
            .bind(&id).bind(user).bind(now).bind(now + RESERVATION_LIFETIME)
            .execute(conn).await.map(|r| r.rows_affected()))?;
        tx.commit().await?;
        Ok(Self {
            db: db.clone(),
            id,
            user: user.to_owned(),
            settled: false,
        })
    }

    /// Gives the slot to the track being recorded in `tx` (which holds the uploader's profile
    /// row). A reservation that expired meanwhile holds nothing: then the slot is taken only if
    /// one is still free.
    pub async fn take(&self, tx: &mut Tx, now: Timestamp) -> Result<(), Failure> {
        let held = on_tx!(tx, conn => sqlx::query(
            "DELETE FROM upload_reservations WHERE id = $1 AND expires_at > $2")
            .bind(&self.id).bind(now).execute(conn).await.map(|r| r.rows_affected() == 1))?;
        if !held && !slot_free(tx, &self.user, now).await? {
            return Err(errors::UPLOAD_LIMIT_REACHED.into());
        }
        Ok(())
    }

    /// The transaction that took the slot committed: nothing is left to release.
    pub fn recorded(mut self) {
        self.settled = true;
    }

    /// The upload failed: the slot is free again once this returns.
    pub async fn release(mut self) {
        self.settled = true;
        if let Err(err) = release(&self.db, &self.id).await {
            tracing::warn!(error = %err, "cannot release an upload reservation");
        }
    }
}

impl Drop for Reservation {
    fn drop(&mut self) {
        if self.settled {
            return;
        }
        let (db, id) = (self.db.clone(), std::mem::take(&mut self.id));
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        runtime.spawn(async move {
            if let Err(err) = release(&db, &id).await {
                tracing::warn!(error = %err, "cannot release an upload reservation");
            }
        });
    }
}

async fn release(db: &Db, id: &str) -> sqlx::Result<u64> {
    on_db!(db, pool => sqlx::query("DELETE FROM upload_reservations WHERE id = $1")
        .bind(id).execute(pool).await.map(|r| r.rows_affected()))
}

/// Whether `user`'s plan leaves a slot this month beside their tracks and live reservations.
async fn slot_free(tx: &mut Tx, user: &UserId, now: Timestamp) -> Result<bool, Failure> {
    let plan = plans::plan_of_in(tx, user).await?;
    let tracks = store::count_uploads_since_in(tx, user, month_start(now)).await?;
    let reserved: i64 = on_tx!(tx, conn => sqlx::query_scalar(
        "SELECT COUNT(*) FROM upload_reservations WHERE user_id = $1 AND expires_at > $2")
        .bind(user).bind(now).fetch_one(conn).await)?;
    Ok(may_upload(plan, tracks + reserved))
}

/// Removes reservations that expired (their upload died with its process). Runs periodically.
pub async fn sweep_expired(db: &Db, now: Timestamp) -> sqlx::Result<u64> {
    on_db!(db, pool => sqlx::query("DELETE FROM upload_reservations WHERE expires_at <= $1")
        .bind(now).execute(pool).await.map(|r| r.rows_affected()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_user_has_at_most_the_allowed_uploads_in_progress() {
        let gate = UploadGate::new(2, 1, Counter::default());
        let first = gate.enter(&UserId::from("ana")).unwrap();
        let _second = gate.enter(&UserId::from("ana")).unwrap();

        assert!(
            gate.enter(&UserId::from("ana"))
                .unwrap_err()
                .is(errors::TOO_MANY_UPLOADS)
        );
        assert!(gate.enter(&UserId::from("bob")).is_ok());
        drop(first);
        assert!(gate.enter(&UserId::from("ana")).is_ok());
    }
}
