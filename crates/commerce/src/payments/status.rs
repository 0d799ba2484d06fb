//! The statuses of payments as stored: a subscription's, in the provider's words, and a
//! checkout's, in Backbeat's.

use std::fmt;

use backbeat_core::text_enum::Text;

/// A subscription's status in the payment provider's words (Stripe's, which the sandbox speaks
/// too). A word Backbeat does not know is kept as it came: stored, and shown to the subscriber,
/// but it gives no plan.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SubscriptionStatus {
    Active,
    Trialing,
    PastDue,
    Incomplete,
    IncompleteExpired,
    Canceled,
    Unpaid,
    Paused,
    /// A word of the provider's that is none of the above.
    Other(String),
}

impl SubscriptionStatus {
    /// Every status Backbeat knows by name, those that give their plan first.
    pub const ALL: &'static [Self] = &[
        Self::Active,
        Self::Trialing,
        Self::PastDue,
        Self::Incomplete,
        Self::IncompleteExpired,
        Self::Canceled,
        Self::Unpaid,
        Self::Paused,
    ];

    /// The provider's word.
    pub fn as_str(&self) -> &str {
        match self {
            Self::Active => "active",
            Self::Trialing => "trialing",
            Self::PastDue => "past_due",
            Self::Incomplete => "incomplete",
            Self::IncompleteExpired => "incomplete_expired",
            Self::Canceled => "canceled",
            Self::Unpaid => "unpaid",
            Self::Paused => "paused",
            Self::Other(word) => word,
        }
    }

    /// The status the provider's `word` names, an unknown word as itself.
    pub fn of(word: &str) -> Self {
        Self::ALL
            .iter()
            .find(|status| status.as_str() == word)
            .cloned()
            .unwrap_or_else(|| Self::Other(word.to_owned()))
    }

    /// Whether the subscription gives its plan: active, trialing or past due (the provider
    /// still retries the payment).
    pub fn gives_its_plan(&self) -> bool {
        matches!(self, Self::Active | Self::Trialing | Self::PastDue)
    }

    /// Whether reaching this status clears an older payment failure: active or trialing.
    pub fn clears_payment_failure(&self) -> bool {
        matches!(self, Self::Active | Self::Trialing)
    }
}

impl Text for SubscriptionStatus {
    const ALL: &'static [Self] = SubscriptionStatus::ALL;

    fn as_text(&self) -> &str {
        self.as_str()
    }

    fn from_text(text: &str) -> Option<Self> {
        Some(Self::of(text))
    }
}

backbeat_core::stored_as_text!(SubscriptionStatus);

impl fmt::Display for SubscriptionStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The provider's word, in JSON too.
impl serde::Serialize for SubscriptionStatus {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

backbeat_core::text_enum! {
    /// How a checkout a user started went: `open` at the provider's page, then `completed`
    /// when the provider reports it paid; `changed` when it moved a subscription to another plan
    /// at once; `failed` when the provider refused it.
    #[derive(serde::Serialize)]
    #[serde(rename_all = "lowercase")]
    pub enum CheckoutStatus {
        Open = "open",
        Changed = "changed",
        Failed = "failed",
        Completed = "completed",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use backbeat_core::text_enum::testing::{assert_stored_as, read_from_sqlite};

    #[test]
    fn a_subscription_status_is_the_providers_word_and_an_unknown_word_is_kept() {
        assert_stored_as(&[
            (SubscriptionStatus::Incomplete, "incomplete"),
            (SubscriptionStatus::IncompleteExpired, "incomplete_expired"),
            (SubscriptionStatus::Trialing, "trialing"),
            (SubscriptionStatus::Active, "active"),
            (SubscriptionStatus::PastDue, "past_due"),
            (SubscriptionStatus::Canceled, "canceled"),
            (SubscriptionStatus::Unpaid, "unpaid"),
            (SubscriptionStatus::Paused, "paused"),
        ]);
        let unknown = read_from_sqlite::<SubscriptionStatus>("on_hold").unwrap();
        assert_eq!(unknown, SubscriptionStatus::Other("on_hold".into()));
        assert_eq!(SubscriptionStatus::of("on_hold"), unknown);
        assert_eq!(serde_json::to_value(&unknown).unwrap(), "on_hold");
        assert!(!unknown.gives_its_plan());
    }

    #[test]
    fn a_checkout_status_is_stored_as_its_word() {
        assert_stored_as(&[
            (CheckoutStatus::Open, "open"),
            (CheckoutStatus::Changed, "changed"),
            (CheckoutStatus::Failed, "failed"),
            (CheckoutStatus::Completed, "completed"),
        ]);
        assert!(read_from_sqlite::<CheckoutStatus>("expired").is_err());
    }
}
