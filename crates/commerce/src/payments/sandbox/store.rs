//! SQL of the sandbox provider's own books: hosted checkout sessions, customers, subscriptions
//! and the events it sends.

use crate::payments::status::SubscriptionStatus;
use backbeat_core::db::{Db, Timestamp, Tx};
use backbeat_core::ids::UserId;
use backbeat_core::{on_db, on_tx};

backbeat_core::text_enum! {
    /// Whether a hosted checkout page is still to be paid: `open`, then `complete` once.
    #[derive(serde::Serialize)]
    #[serde(rename_all = "lowercase")]
    pub enum SessionStatus {
        Open = "open",
        Complete = "complete",
    }
}

/// A hosted checkout page.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct SessionRow {
    pub id: String,
    pub user_id: UserId,
    pub email: String,
    pub plan: String,
    pub promo_code: Option<String>,
    pub percent_off: i64,
    pub status: SessionStatus,
    pub customer_id: Option<String>,
    pub subscription_id: Option<String>,
    pub created_at: Timestamp,
    pub expires_at: Timestamp,
}

#[derive(Clone, Copy, Debug)]
pub struct NewSession<'a> {
    pub id: &'a str,
    pub user_id: &'a UserId,
    pub email: &'a str,
    pub plan: &'a str,
    pub promo_code: Option<&'a str>,
    pub percent_off: i64,
    pub now: Timestamp,
    pub expires_at: Timestamp,
}

/// A subscription as the sandbox keeps it.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct SubscriptionRow {
    pub id: String,
    pub customer_id: String,
    pub user_id: UserId,
    pub plan: String,
    pub price_id: String,
    /// `active` or `canceled`.
    pub status: SubscriptionStatus,
    pub current_period_end: Timestamp,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
}

/// The columns of a [`SubscriptionRow`], as SQL.
macro_rules! subscription_columns {
    () => {
        "id, customer_id, user_id, plan, price_id, status, current_period_end, created_at, \
         updated_at"
    };
}

pub async fn insert_session(db: &Db, session: &NewSession<'_>) -> sqlx::Result<()> {
    on_db!(db, pool => sqlx::query(
        "INSERT INTO sandbox_sessions (id, user_id, email, plan, promo_code, percent_off, \
             status, created_at, expires_at) \
         VALUES ($1, $2, $3, $4, $5, $6, 'open', $7, $8)")
        .bind(session.id).bind(session.user_id).bind(session.email).bind(session.plan)
        .bind(session.promo_code).bind(session.percent_off).bind(session.now)
        .bind(session.expires_at).execute(pool).await.map(drop))
}

pub async fn find_session(db: &Db, id: &str) -> sqlx::Result<Option<SessionRow>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT id, user_id, email, plan, promo_code, percent_off, status, customer_id, \
             subscription_id, created_at, expires_at \
         FROM sandbox_sessions WHERE id = $1")
        .bind(id).fetch_optional(pool).await)
}

/// Marks an open, unexpired session paid; false when it is not (paid already, or expired): a
/// session is paid once, whatever the concurrency.
pub async fn claim_session(tx: &mut Tx, id: &str, now: Timestamp) -> sqlx::Result<bool> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE sandbox_sessions SET status = 'complete' \
         WHERE id = $1 AND status = 'open' AND expires_at > $2")
        .bind(id).bind(now).execute(conn).await.map(|r| r.rows_affected() == 1))
}

pub async fn record_session_result(
    tx: &mut Tx,
    id: &str,
    customer_id: &str,
    subscription_id: &str,
) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE sandbox_sessions SET customer_id = $2, subscription_id = $3 WHERE id = $1")
        .bind(id).bind(customer_id).bind(subscription_id).execute(conn).await.map(drop))
}

/// The user's sandbox customer, created on their first payment.
pub async fn customer_of(
    tx: &mut Tx,
    new_id: &str,
    user_id: &UserId,
    email: &str,
    now: Timestamp,
) -> sqlx::Result<String> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO sandbox_customers (id, user_id, email, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (user_id) DO NOTHING")
        .bind(new_id).bind(user_id).bind(email).bind(now).execute(conn).await.map(drop))?;
    on_tx!(tx, conn => sqlx::query_scalar("SELECT id FROM sandbox_customers WHERE user_id = $1")
        .bind(user_id).fetch_one(conn).await)
}

pub async fn insert_subscription(tx: &mut Tx, row: &SubscriptionRow) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO sandbox_subscriptions (id, customer_id, user_id, plan, price_id, status, \
             current_period_end, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)")
        .bind(&row.id).bind(&row.customer_id).bind(&row.user_id).bind(&row.plan)
        .bind(&row.price_id).bind(&row.status).bind(row.current_period_end)
        .bind(row.created_at).bind(row.updated_at).execute(conn).await.map(drop))
}

/// Moves an active subscription to another plan; None when it is not active.
pub async fn change_subscription(
    tx: &mut Tx,
    id: &str,
    plan: &str,
    price_id: &str,
    now: Timestamp,
) -> sqlx::Result<Option<SubscriptionRow>> {
    on_tx!(tx, conn => sqlx::query_as(concat!(
        "UPDATE sandbox_subscriptions SET plan = $2, price_id = $3, updated_at = $4 \
         WHERE id = $1 AND status = 'active' RETURNING ", subscription_columns!()))
        .bind(id).bind(plan).bind(price_id).bind(now).fetch_optional(conn).await)
}

/// Cancels a subscription; None when it is canceled already or unknown.
pub async fn cancel_subscription(
    tx: &mut Tx,
    id: &str,
    now: Timestamp,
) -> sqlx::Result<Option<SubscriptionRow>> {
    on_tx!(tx, conn => sqlx::query_as(concat!(
        "UPDATE sandbox_subscriptions SET status = 'canceled', updated_at = $2 \
         WHERE id = $1 AND status <> 'canceled' RETURNING ", subscription_columns!()))
        .bind(id).bind(now).fetch_optional(conn).await)
}

pub async fn subscription_exists(tx: &mut Tx, id: &str) -> sqlx::Result<bool> {
    on_tx!(tx, conn => sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM sandbox_subscriptions WHERE id = $1)")
        .bind(id).fetch_one(conn).await)
}

/// Writes an event to send, in the transaction of the change it reports.
pub async fn insert_event(
    tx: &mut Tx,
    id: &str,
    kind: &str,
    payload: &str,
    now: Timestamp,
) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO sandbox_events (id, event_type, payload, created_at) VALUES ($1, $2, $3, $4)")
        .bind(id).bind(kind).bind(payload).bind(now).execute(conn).await.map(drop))
}

/// The events not delivered yet, oldest first.
pub async fn pending_events(db: &Db) -> sqlx::Result<Vec<String>> {
    on_db!(db, pool => sqlx::query_scalar(
        "SELECT id FROM sandbox_events WHERE delivered_at IS NULL ORDER BY created_at, id")
        .fetch_all(pool).await)
}

/// The body of an event not delivered yet.
pub async fn undelivered_payload(db: &Db, id: &str) -> sqlx::Result<Option<String>> {
    on_db!(db, pool => sqlx::query_scalar(
        "SELECT payload FROM sandbox_events WHERE id = $1 AND delivered_at IS NULL")
        .bind(id).fetch_optional(pool).await)
}

/// Counts a delivery attempt, and marks the event delivered when it was.
pub async fn record_attempt(
    db: &Db,
    id: &str,
    delivered: bool,
    now: Timestamp,
) -> sqlx::Result<()> {
    on_db!(db, pool => sqlx::query(
        "UPDATE sandbox_events SET attempts = attempts + 1, \
             delivered_at = CASE WHEN $2 THEN $3 ELSE delivered_at END \
         WHERE id = $1")
        .bind(id).bind(delivered).bind(now).execute(pool).await.map(drop))
}

#[cfg(test)]
mod tests {
    use super::SessionStatus;
    use backbeat_core::text_enum::testing::{assert_stored_as, read_from_sqlite};

    #[test]
    fn a_session_status_is_stored_as_its_word() {
        assert_stored_as(&[
            (SessionStatus::Open, "open"),
            (SessionStatus::Complete, "complete"),
        ]);
        assert!(read_from_sqlite::<SessionStatus>("paid").is_err());
    }
}
