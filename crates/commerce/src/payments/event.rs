//! Webhook events in Stripe's format (the sandbox sends the same), read into what they change:
//! only the fields Backbeat uses, each optional where Stripe's API versions differ.

use serde::Deserialize;
use serde_json::Value;

use super::status::SubscriptionStatus;
use backbeat_platform::plans::Plan;

/// The envelope of every event.
#[derive(Debug, Deserialize)]
struct Envelope {
    id: String,
    #[serde(rename = "type")]
    kind: String,
    /// When the event happened, Unix seconds.
    created: i64,
    data: Data,
}

#[derive(Debug, Deserialize)]
struct Data {
    object: Value,
}

/// A verified event, read.
#[derive(Debug, Clone, PartialEq)]
pub struct WebhookEvent {
    pub id: String,
    pub kind: String,
    pub created: i64,
    pub change: Change,
}

/// What an event changes.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    /// `checkout.session.completed`: links a subscription and a customer to a user.
    CheckoutCompleted(CheckoutCompleted),
    /// `customer.subscription.created|updated|deleted`: the subscription's state.
    Subscription(SubscriptionState),
    /// `invoice.payment_failed`, or a paid invoice (`paid` true) that clears the failure.
    Invoice { paid: bool, invoice: InvoiceRef },
    /// Anything else: acknowledged and ignored.
    Ignored,
}

#[derive(Debug, Clone, PartialEq)]
pub struct CheckoutCompleted {
    pub session_id: String,
    pub subscription_id: Option<String>,
    pub customer_id: Option<String>,
    /// `client_reference_id`, else `metadata.user_id`.
    pub user_id: Option<String>,
    pub plan: Option<Plan>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct SubscriptionState {
    pub id: String,
    pub customer_id: Option<String>,
    /// `metadata.user_id`.
    pub user_id: Option<String>,
    /// `items.data[0].price.id`.
    pub price_id: Option<String>,
    /// `metadata.plan`.
    pub metadata_plan: Option<Plan>,
    /// `canceled` for a deleted subscription, whatever the object says.
    pub status: SubscriptionStatus,
    pub current_period_end: Option<i64>,
    pub cancel_at_period_end: bool,
    /// Orders events of the same second: created (1) before updated (2) before deleted (3).
    pub rank: i64,
    /// When the provider made the subscription (`created`, Unix seconds).
    pub started: Option<i64>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct InvoiceRef {
    pub subscription_id: Option<String>,
    pub customer_id: Option<String>,
}

/// The id of an object field that is either an id or an expanded object with an `id`.
fn id_of(value: &Value) -> Option<String> {
    match value {
        Value::String(id) if !id.is_empty() => Some(id.clone()),
        Value::Object(object) => object.get("id").and_then(Value::as_str).map(str::to_owned),
        _ => None,
    }
}

fn text(value: &Value) -> Option<String> {
    value.as_str().filter(|s| !s.is_empty()).map(str::to_owned)
}

fn metadata_plan(object: &Value) -> Option<Plan> {
    object["metadata"]["plan"].as_str().and_then(Plan::parse)
}

fn checkout_completed(object: &Value) -> Option<CheckoutCompleted> {
    Some(CheckoutCompleted {
        session_id: text(&object["id"])?,
        subscription_id: id_of(&object["subscription"]),
        customer_id: id_of(&object["customer"]),
        user_id: text(&object["client_reference_id"])
            .or_else(|| text(&object["metadata"]["user_id"])),
        plan: metadata_plan(object),
    })
}

fn subscription(object: &Value, rank: i64) -> Option<SubscriptionState> {
    let item = &object["items"]["data"][0];
    let status = if rank == 3 {
        SubscriptionStatus::Canceled
    } else {
        SubscriptionStatus::of(&text(&object["status"])?)
    };
    Some(SubscriptionState {
        id: text(&object["id"])?,
        customer_id: id_of(&object["customer"]),
        user_id: text(&object["metadata"]["user_id"]),
        price_id: id_of(&item["price"]),
        metadata_plan: metadata_plan(object),
        status,
        // Newer API versions keep the period on the subscription's items.
        current_period_end: object["current_period_end"]
            .as_i64()
            .or_else(|| item["current_period_end"].as_i64()),
        cancel_at_period_end: object["cancel_at_period_end"].as_bool().unwrap_or(false),
        rank,
        started: object["created"].as_i64(),
    })
}

fn invoice(object: &Value) -> InvoiceRef {
    InvoiceRef {
        // Newer API versions name the subscription under `parent`.
        subscription_id: id_of(&object["subscription"])
            .or_else(|| id_of(&object["parent"]["subscription_details"]["subscription"])),
        customer_id: id_of(&object["customer"]),
    }
}

/// Reads a verified body; `None` when it is not an event or an event this module reads lacks
/// the fields it needs.
pub fn parse(body: &[u8]) -> Option<WebhookEvent> {
    let envelope: Envelope = serde_json::from_slice(body).ok()?;
    let object = &envelope.data.object;
    let change = match envelope.kind.as_str() {
        "checkout.session.completed" => Change::CheckoutCompleted(checkout_completed(object)?),
        "customer.subscription.created" => Change::Subscription(subscription(object, 1)?),
        "customer.subscription.updated" => Change::Subscription(subscription(object, 2)?),
        "customer.subscription.deleted" => Change::Subscription(subscription(object, 3)?),
        "invoice.payment_failed" => Change::Invoice {
            paid: false,
            invoice: invoice(object),
        },
        "invoice.paid" | "invoice.payment_succeeded" => Change::Invoice {
            paid: true,
            invoice: invoice(object),
        },
        _ => Change::Ignored,
    };
    Some(WebhookEvent {
        id: envelope.id,
        kind: envelope.kind,
        created: envelope.created,
        change,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn event(kind: &str, object: Value) -> Vec<u8> {
        serde_json::to_vec(&json!({"id": "evt_1", "object": "event", "type": kind,
            "created": 1_700_000_000, "data": {"object": object}}))
        .unwrap()
    }

    #[test]
    fn a_subscription_reads_its_price_user_and_period() {
        let body = event(
            "customer.subscription.updated",
            json!({"id": "sub_1", "object": "subscription", "customer": "cus_1",
                "status": "active", "metadata": {"user_id": "u1", "plan": "premium"},
                "items": {"data": [{"id": "si_1", "price": {"id": "price_p"},
                    "current_period_end": 1_702_592_000}]},
                "cancel_at_period_end": false, "created": 1_699_999_000}),
        );

        let Change::Subscription(state) = parse(&body).unwrap().change else {
            panic!("a subscription change")
        };

        assert_eq!(state.id, "sub_1");
        assert_eq!(state.started, Some(1_699_999_000));
        assert_eq!(state.user_id.as_deref(), Some("u1"));
        assert_eq!(state.price_id.as_deref(), Some("price_p"));
        assert_eq!(state.metadata_plan, Some(Plan::Premium));
        assert_eq!(state.current_period_end, Some(1_702_592_000));
        assert_eq!(state.rank, 2);
    }

    #[test]
    fn a_deleted_subscription_is_canceled() {
        let body = event(
            "customer.subscription.deleted",
            json!({"id": "sub_1", "status": "active", "customer": {"id": "cus_1"}}),
        );

        let Change::Subscription(state) = parse(&body).unwrap().change else {
            panic!("a subscription change")
        };

        assert_eq!(state.status, SubscriptionStatus::Canceled);
        assert_eq!(state.customer_id.as_deref(), Some("cus_1"));
        assert_eq!(state.rank, 3);
    }

    #[test]
    fn a_completed_checkout_names_its_user_by_client_reference() {
        let body = event(
            "checkout.session.completed",
            json!({"id": "cs_1", "subscription": "sub_1", "customer": "cus_1",
                "client_reference_id": "u1", "metadata": {"plan": "basic"}}),
        );

        let Change::CheckoutCompleted(done) = parse(&body).unwrap().change else {
            panic!("a completed checkout")
        };

        assert_eq!(done.user_id.as_deref(), Some("u1"));
        assert_eq!(done.subscription_id.as_deref(), Some("sub_1"));
        assert_eq!(done.plan, Some(Plan::Basic));
    }

    #[test]
    fn other_events_are_ignored_and_non_events_refused() {
        let body = event("customer.created", json!({"id": "cus_1"}));

        assert_eq!(parse(&body).unwrap().change, Change::Ignored);
        assert_eq!(parse(b"{\"hello\": 1}"), None);
        assert_eq!(parse(b"not json"), None);
    }
}
