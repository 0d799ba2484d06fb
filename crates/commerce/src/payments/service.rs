//! Webhook processing: the one place a plan changes (never on the client's word).
//!
//! A verified event is processed in one transaction that first records its id: a replayed or
//! duplicated event finds it recorded and changes nothing. Events may arrive in any order, so a
//! subscription keeps the time (and, within a second, the kind) of the event whose state it
//! holds and never takes an older one; `canceled` is terminal. A completed checkout only links a
//! subscription and a customer to a user and never touches the subscription's state. The user's
//! plan is then derived: the plan of their newest active subscription, else free; written to
//! the profile in the same transaction and announced after the commit.
//!
//! A user never keeps two live subscriptions (two checkouts opened side by side can both be
//! paid): whenever an event leaves a user with more than one active subscription at the
//! provider, every one but the newest is cancelled at the provider after the commit. The plan
//! follows the newest at once; the older one's `customer.subscription.deleted` follows. Being
//! derived from the state, not from the event, a cancellation that failed is asked again with
//! the user's next event.

use uuid::Uuid;

use super::Payments;
use super::configured::Provider;
use super::event::{self, Change, CheckoutCompleted, InvoiceRef, SubscriptionState, WebhookEvent};
use super::provider::PaymentProvider;
use super::signature;
use super::store::{self, ActiveSubscription, NewSubscription};
use backbeat_core::db::{Timestamp, Tx};
use backbeat_core::errors::{self, Failure};
use backbeat_core::ids::UserId;
use backbeat_platform::events::Event;
use backbeat_platform::plans::Plan;

/// Verifies and processes one delivery of a webhook event to `/webhooks/{provider}`.
pub async fn receive_webhook(
    payments: &Payments,
    signature_header: Option<&str>,
    body: &[u8],
) -> Result<(), Failure> {
    let provider = payments.provider();
    let now = Timestamp::now();
    signature::verify(
        provider.webhook_secret(),
        signature_header,
        body,
        now.unix_seconds(),
    )
    .map_err(|refusal| {
        tracing::info!(%refusal, "refused a webhook delivery");
        errors::INVALID_WEBHOOK_SIGNATURE
    })?;
    let event = event::parse(body).ok_or(errors::INVALID_WEBHOOK_EVENT)?;
    let processed = process(payments, &event).await?;
    for subscription in &processed.superseded {
        // The newer subscription stands whatever happens here; the next event asks again.
        match provider.cancel(subscription).await {
            Ok(()) => tracing::info!(
                subscription = %subscription,
                "cancelled a subscription a newer one replaced"
            ),
            Err(err) => tracing::error!(
                subscription = %subscription,
                error = %err,
                "cannot cancel a subscription a newer one replaced"
            ),
        }
    }
    if let Some((user_id, plan)) = processed.changed {
        tracing::info!(
            user_id = %user_id,
            plan = plan.as_str(),
            event = event.id,
            "plan changed"
        );
        let changed = Event::PlanChanged { user_id, plan };
        // The plan is written; an open app that misses the notice reads it on its next load.
        if let Err(err) = payments.events().publish(&changed).await {
            tracing::warn!(error = %err, "cannot announce a plan change");
        }
    }
    Ok(())
}

/// What processing an event did.
#[derive(Debug, Default)]
pub struct Processed {
    /// The user and their new plan, when it changed.
    pub changed: Option<(UserId, Plan)>,
    /// The provider's ids of the user's active subscriptions a newer one replaced: to cancel.
    pub superseded: Vec<String>,
}

/// Applies the event in one transaction; answers what changed.
pub async fn process(payments: &Payments, event: &WebhookEvent) -> Result<Processed, Failure> {
    let provider = payments.provider();
    let name = provider.name();
    let now = Timestamp::now();
    let at = from_unix(event.created).ok_or(errors::INVALID_WEBHOOK_EVENT)?;
    let mut tx = payments.db().begin().await?;
    if !store::record_event(&mut tx, name, &event.id, &event.kind, now).await? {
        tracing::debug!(event = event.id, "a webhook event seen before");
        return Ok(Processed::default());
    }
    let user = match &event.change {
        Change::CheckoutCompleted(done) => checkout_completed(&mut tx, name, done, now).await?,
        Change::Subscription(state) => {
            subscription_changed(&mut tx, provider, state, at, now).await?
        }
        Change::Invoice { paid, invoice } => {
            invoice_event(&mut tx, name, invoice, !paid, at, now).await?
        }
        Change::Ignored => None,
    };
    let mut processed = Processed::default();
    if let Some(user) = user {
        let active = store::active_subscriptions(&mut tx, &user).await?;
        processed.superseded = superseded(&active, name);
        processed.changed = derive_plan(&mut tx, &user, &active, now)
            .await?
            .map(|plan| (user, plan));
    }
    tx.commit().await?;
    Ok(processed)
}

/// The subscriptions at `provider` that a newer active one replaced: every active one but the
/// newest (`active` is newest first, at any provider; only the configured one can cancel).
fn superseded(active: &[ActiveSubscription], provider: &str) -> Vec<String> {
    active
        .iter()
        .skip(1)
        .filter(|subscription| subscription.provider == provider)
        .map(|subscription| subscription.provider_subscription_id.clone())
        .collect()
}

/// A webhook's `created`, as a timestamp.
fn from_unix(seconds: i64) -> Option<Timestamp> {
    chrono::DateTime::from_timestamp(seconds, 0).map(Timestamp::from)
}

/// The user an event is about, with their profile locked: the one it names, else the one its
/// subscription or customer belongs to. None when nobody with a profile is found.
async fn user_of(
    tx: &mut Tx,
    provider: &str,
    named: Option<&str>,
    subscription_id: Option<&str>,
    customer_id: Option<&str>,
) -> Result<Option<UserId>, Failure> {
    let mut user = named.map(UserId::from);
    if user.is_none()
        && let Some(id) = subscription_id
    {
        user = store::find_subscription(tx, provider, id)
            .await?
            .and_then(|row| row.user_id.map(UserId::from));
    }
    if user.is_none()
        && let Some(customer) = customer_id
    {
        user = store::user_of_customer(tx, provider, customer)
            .await?
            .map(UserId::from);
    }
    let Some(user) = user else {
        return Ok(None);
    };
    if store::lock_profile(tx, &user).await? {
        Ok(Some(user))
    } else {
        tracing::warn!(user = %user, "a payment event names a user without a profile");
        Ok(None)
    }
}

/// Makes sure the subscription has a row, linked to what the event knows of its user and
/// customer.
async fn known_subscription(
    tx: &mut Tx,
    provider: &str,
    subscription_id: &str,
    user: Option<&UserId>,
    customer_id: Option<&str>,
    plan: Plan,
    now: Timestamp,
) -> Result<(), Failure> {
    let id = Uuid::now_v7().to_string();
    let new = NewSubscription {
        id: &id,
        user_id: user,
        provider,
        subscription_id,
        customer_id,
        plan: plan.as_str(),
        now,
    };
    Ok(store::insert_or_link(tx, &new).await?)
}

async fn checkout_completed(
    tx: &mut Tx,
    provider: &str,
    done: &CheckoutCompleted,
    now: Timestamp,
) -> Result<Option<UserId>, Failure> {
    let user = user_of(
        tx,
        provider,
        done.user_id.as_deref(),
        done.subscription_id.as_deref(),
        done.customer_id.as_deref(),
    )
    .await?;
    store::complete_checkout(tx, provider, &done.session_id, now).await?;
    if let Some(subscription_id) = &done.subscription_id {
        let plan = done.plan.unwrap_or(Plan::Free);
        known_subscription(
            tx,
            provider,
            subscription_id,
            user.as_ref(),
            done.customer_id.as_deref(),
            plan,
            now,
        )
        .await?;
    }
    Ok(user)
}

async fn subscription_changed(
    tx: &mut Tx,
    payment_provider: &Provider,
    state: &SubscriptionState,
    at: Timestamp,
    now: Timestamp,
) -> Result<Option<UserId>, Failure> {
    let provider = payment_provider.name();
    let user = user_of(
        tx,
        provider,
        state.user_id.as_deref(),
        Some(&state.id),
        state.customer_id.as_deref(),
    )
    .await?;
    let known = store::find_subscription(tx, provider, &state.id).await?;
    // The price says which plan; the metadata when the price is not one of ours; else the plan
    // already known.
    let plan = state
        .price_id
        .as_deref()
        .and_then(|price| payment_provider.plan_for_price(price))
        .or(state.metadata_plan)
        .or_else(|| known.as_ref().map(|row| Plan::from_stored(Some(&row.plan))))
        .unwrap_or(Plan::Free);
    known_subscription(
        tx,
        provider,
        &state.id,
        user.as_ref(),
        state.customer_id.as_deref(),
        plan,
        now,
    )
    .await?;
    let applied = store::apply_state(
        tx,
        provider,
        &state.id,
        &store::SubscriptionState {
            plan: plan.as_str(),
            status: &state.status,
            current_period_end: state.current_period_end.and_then(from_unix),
            cancel_at_period_end: state.cancel_at_period_end,
            event_at: at,
            rank: state.rank,
            clears_failure: state.status.clears_payment_failure(),
            started_at: state.started.and_then(from_unix),
        },
        now,
    )
    .await?;
    if !applied {
        tracing::info!(
            subscription = state.id,
            "a subscription event older than the state held (or after its cancellation) is ignored"
        );
    }
    // A row that gained its user above may change their plan even when its state did not.
    Ok(user)
}

async fn invoice_event(
    tx: &mut Tx,
    provider: &str,
    invoice: &InvoiceRef,
    failed: bool,
    at: Timestamp,
    now: Timestamp,
) -> Result<Option<UserId>, Failure> {
    let Some(subscription_id) = &invoice.subscription_id else {
        return Ok(None);
    };
    let user = user_of(
        tx,
        provider,
        None,
        Some(subscription_id),
        invoice.customer_id.as_deref(),
    )
    .await?;
    known_subscription(
        tx,
        provider,
        subscription_id,
        user.as_ref(),
        invoice.customer_id.as_deref(),
        Plan::Free,
        now,
    )
    .await?;
    store::set_payment_failed(tx, provider, subscription_id, failed, at).await?;
    Ok(user)
}

/// Writes the plan `user` is entitled to (that of their newest active subscription, else
/// free); answers it when it changed.
async fn derive_plan(
    tx: &mut Tx,
    user: &UserId,
    active: &[ActiveSubscription],
    now: Timestamp,
) -> Result<Option<Plan>, Failure> {
    let plan = newest_plan(active);
    let changed = store::set_plan(tx, user, plan.as_str(), now).await?;
    Ok(changed.then_some(plan))
}

/// The plan of the newest of the active subscriptions (newest first), else free.
fn newest_plan(active: &[ActiveSubscription]) -> Plan {
    active
        .first()
        .map_or(Plan::Free, |newest| Plan::from_stored(Some(&newest.plan)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn active(provider: &str, id: &str, plan: &str) -> ActiveSubscription {
        ActiveSubscription {
            provider: provider.into(),
            provider_subscription_id: id.into(),
            plan: plan.into(),
        }
    }

    #[test]
    fn the_newest_active_plan_wins_and_none_is_free() {
        let newest_basic = [
            active("sandbox", "sub_2", "basic"),
            active("sandbox", "sub_1", "premium"),
        ];
        assert_eq!(newest_plan(&newest_basic), Plan::Basic);
        assert_eq!(newest_plan(&newest_basic[1..]), Plan::Premium);
        assert_eq!(newest_plan(&[]), Plan::Free);
    }

    #[test]
    fn every_active_subscription_but_the_newest_is_superseded_at_the_provider() {
        let three = [
            active("stripe", "sub_3", "basic"),
            active("sandbox", "sub_2", "premium"),
            active("stripe", "sub_1", "premium"),
        ];
        assert_eq!(superseded(&three, "stripe"), ["sub_1"]);
        assert_eq!(superseded(&three, "sandbox"), ["sub_2"]);
        assert!(superseded(&three[..1], "stripe").is_empty());
        assert!(superseded(&[], "stripe").is_empty());
    }

    #[test]
    fn webhook_times_are_whole_seconds() {
        assert_eq!(
            from_unix(1_700_000_000).unwrap().unix_seconds(),
            1_700_000_000
        );
    }
}
