//! The sandbox's sessions, subscriptions and events, shaped as Stripe's objects (the fields
//! Backbeat and Stripe's documentation rely on), so the webhook handler reads both alike.

use serde_json::{Value, json};

use super::store::{SessionRow, SubscriptionRow};
use crate::payments::status::SubscriptionStatus;
use backbeat_platform::plans::Plan;

/// The API version the sandbox's objects follow.
const API_VERSION: &str = "2024-06-20";

/// The price after `percent_off`, in cents (half a cent rounds up the discount).
pub fn discounted(price_cents: u32, percent_off: u8) -> u32 {
    let discount = (price_cents * u32::from(percent_off) + 50) / 100;
    price_cents - discount
}

/// A completed `checkout.session`.
pub fn checkout_session(session: &SessionRow, customer: &str, subscription: &str) -> Value {
    let plan = Plan::from_stored(Some(&session.plan));
    let percent_off = u8::try_from(session.percent_off).unwrap_or(0);
    json!({
        "id": session.id,
        "object": "checkout.session",
        "mode": "subscription",
        "status": "complete",
        "payment_status": "paid",
        "customer": customer,
        "customer_email": session.email,
        "subscription": subscription,
        "client_reference_id": session.user_id,
        "metadata": {"user_id": session.user_id, "plan": plan.as_str()},
        "amount_subtotal": plan.price_cents(),
        "amount_total": discounted(plan.price_cents(), percent_off),
        "currency": "usd",
        "created": session.created_at.unix_seconds(),
        "expires_at": session.expires_at.unix_seconds(),
        "livemode": false,
    })
}

/// A `subscription`, as it is now.
pub fn subscription(row: &SubscriptionRow) -> Value {
    let plan = Plan::from_stored(Some(&row.plan));
    let canceled = row.status == SubscriptionStatus::Canceled;
    let period_end = row.current_period_end.unix_seconds();
    json!({
        "id": row.id,
        "object": "subscription",
        "customer": row.customer_id,
        "status": row.status,
        "metadata": {"user_id": row.user_id, "plan": plan.as_str()},
        "items": {
            "object": "list",
            "data": [{
                "id": format!("si_{}", row.id.trim_start_matches("sub_")),
                "object": "subscription_item",
                "price": {
                    "id": row.price_id,
                    "object": "price",
                    "currency": "usd",
                    "unit_amount": plan.price_cents(),
                    "recurring": {"interval": "month", "interval_count": 1},
                },
                "quantity": 1,
                "current_period_end": period_end,
            }],
        },
        "current_period_end": period_end,
        "cancel_at_period_end": false,
        "canceled_at": canceled.then(|| row.updated_at.unix_seconds()),
        "ended_at": canceled.then(|| row.updated_at.unix_seconds()),
        "created": row.created_at.unix_seconds(),
        "livemode": false,
    })
}

/// An `event` of `kind` about `object`, happening at `created` (Unix seconds).
pub fn event(id: &str, kind: &str, created: i64, object: Value) -> Value {
    json!({
        "id": id,
        "object": "event",
        "api_version": API_VERSION,
        "type": kind,
        "created": created,
        "livemode": false,
        "pending_webhooks": 1,
        "data": {"object": object},
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_discount_takes_its_percentage_of_the_price() {
        assert_eq!(discounted(999, 20), 799);
        assert_eq!(discounted(999, 50), 499);
        assert_eq!(discounted(499, 100), 0);
        assert_eq!(discounted(999, 0), 999);
    }
}
