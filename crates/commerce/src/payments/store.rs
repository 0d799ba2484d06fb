//! SQL of payments: subscriptions as the provider reports them, the checkouts users started,
//! the webhook events already processed, and the Stripe customer id of a profile.

use super::status::{CheckoutStatus, SubscriptionStatus};
use backbeat_core::db::{Db, Timestamp, Tx};
use backbeat_core::ids::UserId;
use backbeat_core::{on_db, on_tx};

/// The statuses in which a subscription gives its plan, as SQL
/// ([`SubscriptionStatus::gives_its_plan`]).
macro_rules! active {
    () => {
        "('active', 'trialing', 'past_due')"
    };
}

/// The columns of a [`SubscriptionRow`], as SQL.
macro_rules! subscription {
    () => {
        "SELECT id, user_id, provider, provider_subscription_id, provider_customer_id, plan, \
         status, current_period_end, cancel_at_period_end, payment_failed_at FROM subscriptions"
    };
}

/// A subscription at the provider.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct SubscriptionRow {
    pub id: String,
    pub user_id: Option<String>,
    pub provider: String,
    pub provider_subscription_id: String,
    pub provider_customer_id: Option<String>,
    pub plan: String,
    pub status: SubscriptionStatus,
    pub current_period_end: Option<Timestamp>,
    pub cancel_at_period_end: bool,
    pub payment_failed_at: Option<Timestamp>,
}

impl SubscriptionRow {
    /// Whether the subscription gives its plan now (it is active, trialing or past due).
    pub fn gives_its_plan(&self) -> bool {
        self.status.gives_its_plan()
    }
}

/// Records that the event was received; false when it was already (a replay or a duplicate,
/// which then waited here for the first delivery's transaction to end).
pub async fn record_event(
    tx: &mut Tx,
    provider: &str,
    event_id: &str,
    kind: &str,
    now: Timestamp,
) -> sqlx::Result<bool> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO webhook_events (provider, event_id, event_type, received_at) \
         VALUES ($1, $2, $3, $4) ON CONFLICT (provider, event_id) DO NOTHING")
        .bind(provider).bind(event_id).bind(kind).bind(now)
        .execute(conn).await.map(|r| r.rows_affected() == 1))
}

/// Takes the user's profile row lock until the transaction ends, so that the events of one user
/// derive their plan one after the other. False when the user has no profile.
pub async fn lock_profile(tx: &mut Tx, user: &UserId) -> sqlx::Result<bool> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE profiles SET subscription_plan = subscription_plan WHERE id = $1")
        .bind(user).execute(conn).await.map(|r| r.rows_affected() == 1))
}

pub async fn find_subscription(
    tx: &mut Tx,
    provider: &str,
    subscription_id: &str,
) -> sqlx::Result<Option<SubscriptionRow>> {
    on_tx!(tx, conn => sqlx::query_as(concat!(subscription!(),
        " WHERE provider = $1 AND provider_subscription_id = $2"))
        .bind(provider).bind(subscription_id).fetch_optional(conn).await)
}

/// The user a customer id belongs to: by an earlier subscription of theirs, or (Stripe) by the
/// customer id kept on their profile.
pub async fn user_of_customer(
    tx: &mut Tx,
    provider: &str,
    customer: &str,
) -> sqlx::Result<Option<String>> {
    let known: Option<String> = on_tx!(tx, conn => sqlx::query_scalar(
        "SELECT user_id FROM subscriptions \
         WHERE provider = $1 AND provider_customer_id = $2 AND user_id IS NOT NULL LIMIT 1")
        .bind(provider).bind(customer).fetch_optional(conn).await)?;
    if known.is_some() || provider != "stripe" {
        return Ok(known);
    }
    on_tx!(tx, conn => sqlx::query_scalar("SELECT id FROM profiles WHERE stripe_customer_id = $1")
        .bind(customer).fetch_optional(conn).await)
}

/// A subscription first heard of, before any state of it applies.
#[derive(Clone, Copy, Debug)]
pub struct NewSubscription<'a> {
    pub id: &'a str,
    pub user_id: Option<&'a UserId>,
    pub provider: &'a str,
    pub subscription_id: &'a str,
    pub customer_id: Option<&'a str>,
    pub plan: &'a str,
    pub now: Timestamp,
}

/// Inserts the subscription as `incomplete` unless it is known; then fills in its user and
/// customer where they are still unknown (what an event says is never lost).
pub async fn insert_or_link(tx: &mut Tx, new: &NewSubscription<'_>) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO subscriptions (id, user_id, provider, provider_subscription_id, \
             provider_customer_id, plan, status, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, 'incomplete', $7, $7) \
         ON CONFLICT (provider, provider_subscription_id) DO UPDATE SET \
             user_id = COALESCE(subscriptions.user_id, excluded.user_id), \
             provider_customer_id = COALESCE(subscriptions.provider_customer_id, \
                                             excluded.provider_customer_id)")
        .bind(new.id).bind(new.user_id).bind(new.provider).bind(new.subscription_id)
        .bind(new.customer_id).bind(new.plan).bind(new.now)
        .execute(conn).await.map(drop))
}

/// The state a subscription event reports.
#[derive(Clone, Copy, Debug)]
pub struct SubscriptionState<'a> {
    pub plan: &'a str,
    pub status: &'a SubscriptionStatus,
    pub current_period_end: Option<Timestamp>,
    pub cancel_at_period_end: bool,
    /// When the event happened, and its rank among events of the same second.
    pub event_at: Timestamp,
    pub rank: i64,
    /// An active state clears an older payment failure.
    pub clears_failure: bool,
    /// When the provider made the subscription, if the event says.
    pub started_at: Option<Timestamp>,
}

/// Applies `state` unless the row holds a newer one or is canceled (terminal); answers whether
/// it applied. The condition is part of the UPDATE, so concurrent events of one subscription
/// cannot both pass it on stale reads. When the provider made the subscription is kept the first
/// time an event says it.
pub async fn apply_state(
    tx: &mut Tx,
    provider: &str,
    subscription_id: &str,
    state: &SubscriptionState<'_>,
    now: Timestamp,
) -> sqlx::Result<bool> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE subscriptions SET plan = $3, status = $4, current_period_end = $5, \
             cancel_at_period_end = $6, state_event_at = $7, state_event_rank = $8, \
             payment_failed_at = CASE WHEN $9 AND payment_failed_at < $7 THEN NULL \
                                      ELSE payment_failed_at END, \
             started_at = COALESCE(started_at, $11), updated_at = $10 \
         WHERE provider = $1 AND provider_subscription_id = $2 AND status <> 'canceled' \
           AND (state_event_at IS NULL OR state_event_at < $7 \
                OR (state_event_at = $7 AND state_event_rank <= $8))")
        .bind(provider).bind(subscription_id).bind(state.plan).bind(state.status)
        .bind(state.current_period_end).bind(state.cancel_at_period_end)
        .bind(state.event_at).bind(state.rank).bind(state.clears_failure).bind(now)
        .bind(state.started_at).execute(conn).await.map(|r| r.rows_affected() == 1))
}

/// Marks the subscription's payment as failed at `at` (`failed`), or clears a failure older
/// than `at` (a paid invoice).
pub async fn set_payment_failed(
    tx: &mut Tx,
    provider: &str,
    subscription_id: &str,
    failed: bool,
    at: Timestamp,
) -> sqlx::Result<()> {
    let sql = if failed {
        "UPDATE subscriptions SET payment_failed_at = $3 WHERE provider = $1 \
         AND provider_subscription_id = $2 \
         AND (payment_failed_at IS NULL OR payment_failed_at < $3)"
    } else {
        "UPDATE subscriptions SET payment_failed_at = NULL WHERE provider = $1 \
         AND provider_subscription_id = $2 AND payment_failed_at < $3"
    };
    on_tx!(tx, conn => sqlx::query(sql)
        .bind(provider).bind(subscription_id).bind(at).execute(conn).await.map(drop))
}

/// One of a user's active subscriptions.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct ActiveSubscription {
    pub provider: String,
    pub provider_subscription_id: String,
    pub plan: String,
}

/// The user's active subscriptions with any provider, newest first: by when the provider made
/// them, then by when Backbeat first heard of them.
pub async fn active_subscriptions(
    tx: &mut Tx,
    user: &UserId,
) -> sqlx::Result<Vec<ActiveSubscription>> {
    on_tx!(tx, conn => sqlx::query_as(concat!(
        "SELECT provider, provider_subscription_id, plan FROM subscriptions \
         WHERE user_id = $1 AND status IN ", active!(),
        " ORDER BY COALESCE(started_at, created_at) DESC, created_at DESC, id DESC"))
        .bind(user).fetch_all(conn).await)
}

/// Writes the user's plan; answers whether it changed. The one write of a plan.
pub async fn set_plan(
    tx: &mut Tx,
    user: &UserId,
    plan: &str,
    now: Timestamp,
) -> sqlx::Result<bool> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE profiles SET subscription_plan = $2, updated_at = $3 \
         WHERE id = $1 AND subscription_plan <> $2")
        .bind(user).bind(plan).bind(now).execute(conn).await.map(|r| r.rows_affected() == 1))
}

/// The user's active subscription with `provider`, newest first.
pub async fn active_subscription(
    db: &Db,
    user: &UserId,
    provider: &str,
) -> sqlx::Result<Option<SubscriptionRow>> {
    on_db!(db, pool => sqlx::query_as(concat!(subscription!(),
        " WHERE user_id = $1 AND provider = $2 AND status IN ", active!(),
        " ORDER BY updated_at DESC LIMIT 1"))
        .bind(user).bind(provider).fetch_optional(pool).await)
}

/// The subscription the subscription page shows: an active one, else the latest.
pub async fn current_subscription(db: &Db, user: &UserId) -> sqlx::Result<Option<SubscriptionRow>> {
    on_db!(db, pool => sqlx::query_as(concat!(subscription!(),
        " WHERE user_id = $1 ORDER BY CASE WHEN status IN ", active!(),
        " THEN 0 ELSE 1 END, updated_at DESC LIMIT 1"))
        .bind(user).fetch_optional(pool).await)
}

/// A checkout, or a plan change, a user started.
#[derive(Clone, Copy, Debug)]
pub struct NewCheckoutRow<'a> {
    pub id: &'a str,
    pub user_id: &'a UserId,
    pub provider: &'a str,
    pub plan: &'a str,
    pub promo_code: Option<&'a str>,
    pub now: Timestamp,
}

pub async fn insert_checkout(db: &Db, row: &NewCheckoutRow<'_>) -> sqlx::Result<()> {
    on_db!(db, pool => sqlx::query(
        "INSERT INTO checkout_sessions \
             (id, user_id, provider, plan, promo_code, status, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, 'open', $6, $6)")
        .bind(row.id).bind(row.user_id).bind(row.provider).bind(row.plan)
        .bind(row.promo_code).bind(row.now).execute(pool).await.map(drop))
}

/// Records the outcome of a checkout: its status and, when opened, the provider's session id.
pub async fn finish_checkout(
    db: &Db,
    id: &str,
    status: CheckoutStatus,
    provider_session_id: Option<&str>,
    now: Timestamp,
) -> sqlx::Result<()> {
    on_db!(db, pool => sqlx::query(
        "UPDATE checkout_sessions SET status = $2, \
             provider_session_id = COALESCE($3, provider_session_id), updated_at = $4 \
         WHERE id = $1")
        .bind(id).bind(status).bind(provider_session_id).bind(now)
        .execute(pool).await.map(drop))
}

/// The provider reported the checkout paid.
pub async fn complete_checkout(
    tx: &mut Tx,
    provider: &str,
    provider_session_id: &str,
    now: Timestamp,
) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE checkout_sessions SET status = 'completed', updated_at = $3 \
         WHERE provider = $1 AND provider_session_id = $2")
        .bind(provider).bind(provider_session_id).bind(now).execute(conn).await.map(drop))
}

/// The user's Stripe customer id, once created.
pub async fn stripe_customer(db: &Db, user: &UserId) -> sqlx::Result<Option<String>> {
    on_db!(db, pool => sqlx::query_scalar::<_, Option<String>>(
        "SELECT stripe_customer_id FROM profiles WHERE id = $1")
        .bind(user).fetch_optional(pool).await.map(Option::flatten))
}

/// Keeps the user's Stripe customer id, unless one is kept already (a concurrent checkout got
/// there first: the caller reads back the one kept).
pub async fn keep_stripe_customer(db: &Db, user: &UserId, customer: &str) -> sqlx::Result<()> {
    on_db!(db, pool => sqlx::query(
        "UPDATE profiles SET stripe_customer_id = $2 WHERE id = $1 AND stripe_customer_id IS NULL")
        .bind(user).bind(customer).execute(pool).await.map(drop))
}

#[cfg(test)]
mod tests {
    use super::SubscriptionStatus;

    #[test]
    fn the_active_statuses_in_sql_and_in_rust_are_the_same() {
        let active: Vec<&str> = SubscriptionStatus::ALL
            .iter()
            .filter(|status| status.gives_its_plan())
            .map(SubscriptionStatus::as_str)
            .collect();
        assert_eq!(active!(), format!("('{}')", active.join("', '")));
    }
}
