//! The sandbox's side of a payment, a plan change and a cancellation: each changes its own books
//! and writes the Stripe-format events that report it in one transaction, then sends them.

use chrono::Months;

use super::card::{self, Card, CardForm};
use super::store::{self, SessionRow, SessionStatus, SubscriptionRow};
use super::{Sandbox, objects, price_of, random_id};
use crate::payments::provider::ProviderError;
use crate::payments::status::SubscriptionStatus;
use backbeat_core::db::{Db, Timestamp, Tx};
use backbeat_core::errors::Failure;
use backbeat_platform::plans::Plan;

/// A hosted checkout session, as its page shows it.
#[derive(Debug)]
pub enum Session {
    Open(SessionRow),
    /// Paid already.
    Complete(SessionRow),
    Expired,
    Missing,
}

/// What paying a session did.
#[derive(Debug)]
pub enum Payment {
    /// Paid: the provider's events are on their way; the user goes to `redirect`.
    Paid {
        redirect: String,
    },
    Declined,
    /// The form is not a card: the page shows `message`.
    Refused {
        session: SessionRow,
        message: &'static str,
    },
    /// The session was paid already: nothing new happens.
    Complete(SessionRow),
    Expired,
    Missing,
}

/// Where the user lands after paying (Stripe's `success_url`).
pub fn success_url(session: &SessionRow) -> String {
    format!(
        "/payment-approved?session_id={}&plan={}",
        session.id, session.plan
    )
}

pub async fn session(db: &Db, id: &str) -> Result<Session, Failure> {
    let Some(session) = store::find_session(db, id).await? else {
        return Ok(Session::Missing);
    };
    Ok(if session.status == SessionStatus::Complete {
        Session::Complete(session)
    } else if session.expires_at <= Timestamp::now() {
        Session::Expired
    } else {
        Session::Open(session)
    })
}

/// Pays session `id` with the card of `form`.
pub async fn pay(sandbox: &Sandbox, id: &str, form: &CardForm<'_>) -> Result<Payment, Failure> {
    let session = match session(sandbox.db(), id).await? {
        Session::Open(session) => session,
        Session::Complete(session) => return Ok(Payment::Complete(session)),
        Session::Expired => return Ok(Payment::Expired),
        Session::Missing => return Ok(Payment::Missing),
    };
    match card::check(form, card::this_month()) {
        Err(message) => return Ok(Payment::Refused { session, message }),
        Ok(Card::Declined) => return Ok(Payment::Declined),
        Ok(Card::Pays) => {}
    }
    let now = Timestamp::now();
    let mut tx = sandbox.db().begin().await?;
    if !store::claim_session(&mut tx, id, now).await? {
        drop(tx);
        // Paid by a concurrent request, or expired meanwhile.
        return Ok(match session_state(sandbox.db(), id).await? {
            Some(paid) => Payment::Complete(paid),
            None => Payment::Expired,
        });
    }
    let customer = store::customer_of(
        &mut tx,
        &random_id("cus_sandbox_"),
        &session.user_id,
        &session.email,
        now,
    )
    .await?;
    let plan = Plan::from_stored(Some(&session.plan));
    let subscription = SubscriptionRow {
        id: random_id("sub_sandbox_"),
        customer_id: customer.clone(),
        user_id: session.user_id.clone(),
        plan: plan.as_str().to_owned(),
        price_id: price_of(plan),
        status: SubscriptionStatus::Active,
        current_period_end: one_month_after(now),
        created_at: now,
        updated_at: now,
    };
    store::insert_subscription(&mut tx, &subscription).await?;
    store::record_session_result(&mut tx, id, &customer, &subscription.id).await?;
    let events = [
        (
            "checkout.session.completed",
            objects::checkout_session(&session, &customer, &subscription.id),
        ),
        (
            "customer.subscription.created",
            objects::subscription(&subscription),
        ),
    ];
    let mut sent = Vec::new();
    for (kind, object) in events {
        sent.push(write_event(&mut tx, kind, object, now).await?);
    }
    tx.commit().await?;
    sandbox.delivery().send(sent);
    Ok(Payment::Paid {
        redirect: success_url(&session),
    })
}

async fn session_state(db: &Db, id: &str) -> Result<Option<SessionRow>, Failure> {
    Ok(store::find_session(db, id)
        .await?
        .filter(|session| session.status == SessionStatus::Complete))
}

fn one_month_after(now: Timestamp) -> Timestamp {
    now.as_datetime()
        .checked_add_months(Months::new(1))
        .map_or(now + chrono::Duration::days(30), Timestamp::from)
}

/// Writes an event to send once the transaction commits; answers its id.
async fn write_event(
    tx: &mut Tx,
    kind: &str,
    object: serde_json::Value,
    now: Timestamp,
) -> Result<String, Failure> {
    let id = random_id("evt_sandbox_");
    let event = objects::event(&id, kind, now.unix_seconds(), object);
    store::insert_event(tx, &id, kind, &event.to_string(), now).await?;
    Ok(id)
}

/// Moves an active subscription to `plan` (the same subscription) and reports
/// `customer.subscription.updated`.
pub async fn change_plan(
    sandbox: &Sandbox,
    subscription_id: &str,
    plan: Plan,
) -> Result<(), ProviderError> {
    let now = Timestamp::now();
    let mut tx = sandbox.db().begin().await?;
    let changed = store::change_subscription(
        &mut tx,
        subscription_id,
        plan.as_str(),
        &price_of(plan),
        now,
    )
    .await?
    .ok_or_else(|| {
        ProviderError::failed(anyhow::anyhow!(
            "no active sandbox subscription {subscription_id}"
        ))
    })?;
    report(sandbox, tx, "customer.subscription.updated", &changed, now).await
}

/// Cancels a subscription now and reports `customer.subscription.deleted`; one canceled
/// already is done.
pub async fn cancel(sandbox: &Sandbox, subscription_id: &str) -> Result<(), ProviderError> {
    let now = Timestamp::now();
    let mut tx = sandbox.db().begin().await?;
    let Some(canceled) = store::cancel_subscription(&mut tx, subscription_id, now).await? else {
        return if store::subscription_exists(&mut tx, subscription_id).await? {
            Ok(())
        } else {
            Err(ProviderError::failed(anyhow::anyhow!(
                "no sandbox subscription {subscription_id}"
            )))
        };
    };
    report(sandbox, tx, "customer.subscription.deleted", &canceled, now).await
}

/// Writes the event of `kind` about the subscription as it is now, commits the change with it,
/// and sends it.
async fn report(
    sandbox: &Sandbox,
    mut tx: Tx,
    kind: &str,
    subscription: &SubscriptionRow,
    now: Timestamp,
) -> Result<(), ProviderError> {
    let event = write_event(&mut tx, kind, objects::subscription(subscription), now)
        .await
        .map_err(ProviderError::failed)?;
    tx.commit().await?;
    sandbox.delivery().send(vec![event]);
    Ok(())
}
