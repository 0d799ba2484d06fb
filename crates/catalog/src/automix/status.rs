//! Where a track's stems are, as the stems API and the event stream say it.

use serde::Serialize;
use utoipa::ToSchema;

/// Where a track's stems are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum StemStatus {
    /// Never separated.
    None,
    /// A separation is running (`progress` says how far).
    Loading,
    /// Both stems can be streamed.
    Ready,
    /// The last separation failed (`error` says why); starting again is allowed.
    Error,
}

impl StemStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::None => "none",
            Self::Loading => "loading",
            Self::Ready => "ready",
            Self::Error => "error",
        }
    }

    /// The status said as [`StemStatus::as_str`] says it; `None` for anything else.
    pub fn parse(value: &str) -> Option<Self> {
        [Self::None, Self::Loading, Self::Ready, Self::Error]
            .into_iter()
            .find(|status| status.as_str() == value)
    }

    pub(super) fn from_stored(value: Option<&str>) -> Self {
        match value {
            None => Self::None,
            Some("loading") => Self::Loading,
            Some("ready") => Self::Ready,
            Some(_) => Self::Error,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_status_is_said_alike_in_the_api_the_database_and_events() {
        for status in [
            StemStatus::None,
            StemStatus::Loading,
            StemStatus::Ready,
            StemStatus::Error,
        ] {
            assert_eq!(serde_json::to_value(status).unwrap(), status.as_str());
            assert_eq!(StemStatus::parse(status.as_str()), Some(status));
        }
        assert_eq!(StemStatus::parse("separating"), None);
        assert_eq!(StemStatus::parse("Ready"), None);
    }
}
