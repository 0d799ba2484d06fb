//! The error catalogue: every failure the API answers, as `{code, status, message}`, with the
//! spec's messages written once. Domain errors name an entry; the HTTP layer answers it as
//! `{"error": message, "code": code}`. The catalogue is published in the OpenAPI document
//! (`x-error-catalogue`), from which the web app generates the messages it shows before asking
//! the server (file checks on the upload and profile pages).
//!
//! An entry is named by its constant (published as its lower-case name, `track_not_found`);
//! `code` is what clients match on, and several entries may share one (every missing thing is
//! `not_found`, with its own message).

/// Why a request failed, in every service: one of the catalogue's problems (the client's doing,
/// answered with its code and message), or a failure of ours (logged with its cause, answered
/// as [`INTERNAL`]). A database pool with no free connection is [`OVERLOADED`], a problem.
#[derive(Debug, thiserror::Error)]
pub enum Failure {
    #[error("{}", .0.message)]
    Problem(Problem),
    /// A problem whose message says more: a template filled in, or a parser's own words.
    #[error("{1}")]
    Detailed(Problem, String),
    #[error("{0:#}")]
    Unexpected(anyhow::Error),
}

impl Failure {
    /// An unexpected failure with this cause.
    pub fn unexpected(cause: impl Into<anyhow::Error>) -> Self {
        Self::Unexpected(cause.into())
    }

    /// The catalogue entry, unless the failure was unexpected.
    pub fn problem(&self) -> Option<Problem> {
        match self {
            Self::Problem(problem) | Self::Detailed(problem, _) => Some(*problem),
            Self::Unexpected(_) => None,
        }
    }

    /// Whether this is `problem`.
    pub fn is(&self, problem: Problem) -> bool {
        self.problem() == Some(problem)
    }
}

impl From<Problem> for Failure {
    fn from(problem: Problem) -> Self {
        Self::Problem(problem)
    }
}

/// Whether `err` says that every connection of the pool stayed busy for the whole acquire
/// timeout: an overload, answered 503, rather than a failure.
pub fn is_pool_exhausted(err: &sqlx::Error) -> bool {
    matches!(err, sqlx::Error::PoolTimedOut)
}

impl From<sqlx::Error> for Failure {
    /// Every database connection staying busy is an overload ([`OVERLOADED`]), not a failure.
    fn from(err: sqlx::Error) -> Self {
        if is_pool_exhausted(&err) {
            return Self::Problem(OVERLOADED);
        }
        Self::unexpected(err)
    }
}

impl From<anyhow::Error> for Failure {
    fn from(err: anyhow::Error) -> Self {
        Self::Unexpected(err)
    }
}

impl From<std::io::Error> for Failure {
    fn from(err: std::io::Error) -> Self {
        Self::unexpected(err)
    }
}

impl From<tokio::task::JoinError> for Failure {
    fn from(err: tokio::task::JoinError) -> Self {
        Self::unexpected(err)
    }
}

/// The services' result.
pub type Result<T, E = Failure> = std::result::Result<T, E>;

/// One failure the API can answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Problem {
    pub code: &'static str,
    pub status: u16,
    /// Shown to the user. `{field}` stands for the field a message is about.
    pub message: &'static str,
}

impl Problem {
    /// The message with its `{field}` filled in.
    pub fn message_for(&self, field: &str) -> String {
        self.message.replace("{field}", field)
    }
}

macro_rules! catalogue {
    ($($name:ident = ($code:literal, $status:literal, $message:literal);)*) => {
        $(pub const $name: Problem = Problem {
            code: $code,
            status: $status,
            message: $message,
        };)*
        /// Every entry with its name, in the order written here.
        pub const CATALOGUE: &[(&str, Problem)] = &[$((stringify!($name), $name)),*];
    };
}

catalogue! {
    // ---- any request
    INTERNAL = ("internal", 500, "Something went wrong on our side. Please try again.");
    OVERLOADED = ("overloaded", 503, "Backbeat is busy right now. Please try again in a moment.");
    NOT_FOUND = ("not_found", 404, "Not found");
    METHOD_NOT_ALLOWED = ("method_not_allowed", 405, "Method not allowed");
    PAYLOAD_TOO_LARGE = ("payload_too_large", 413, "The request body is too large.");
    INVALID_JSON = ("invalid_json", 400, "The request body is not valid JSON.");
    UNEXPECTED_JSON = ("invalid_json", 422, "The request body does not have the expected fields.");
    UNSUPPORTED_MEDIA_TYPE = ("unsupported_media_type", 415, "The request body must be JSON.");
    INVALID_QUERY = ("invalid_query", 400, "The query string is not valid.");
    INVALID_MULTIPART = ("invalid_multipart", 400, "The request body is not a valid form.");
    INVALID_CURSOR = ("invalid_cursor", 400, "This page of results is no longer available. Please start from the first page.");
    // ---- the session
    SESSION_MISSING = ("unauthorized", 401, "Auth session missing!");
    SESSION_EXPIRED = ("invalid_session", 401, "Your session has expired. Please log in again.");
    SECOND_FACTOR_REQUIRED = ("insufficient_aal", 403, "Enter the code from your authenticator app to continue.");
    // ---- account security: two-factor recovery codes, the "This wasn't me" link of security mail
    SECURITY_LINK_INVALID = ("invalid_link", 403, "This link is invalid or has expired. If you think someone else is using your account, reset your password from the login page.");
    TWO_FACTOR_NOT_ENABLED = ("two_factor_not_enabled", 409, "Turn on two-factor authentication first.");
    TOO_MANY_ATTEMPTS = ("rate_limited", 429, "Too many attempts. Please wait a moment and try again.");
    // ---- app passwords (what Subsonic apps sign in with)
    APP_PASSWORD_NAME_REQUIRED = ("invalid_name", 422, "Please enter a name for the app password.");
    APP_PASSWORD_NAME_TOO_LONG = ("invalid_name", 422, "The app password's name must be at most 64 characters.");
    APP_PASSWORD_NAME_CONTROL_CHARACTERS = ("invalid_name", 422, "The app password's name cannot contain control characters.");
    APP_PASSWORD_LIMIT_REACHED = ("app_password_limit_reached", 409, "You can have at most 25 app passwords. Revoke one you no longer use to make another.");
    APP_PASSWORD_NOT_FOUND = ("not_found", 404, "App password not found.");
    // ---- uploading a track (in the upload page's order)
    AUDIO_REQUIRED = ("audio_required", 422, "Please select an audio file.");
    NOT_AUDIO = ("not_audio", 422, "Please select an audio file.");
    AUDIO_TOO_LARGE = ("audio_too_large", 413, "Audio file must be less than 50MB.");
    UNDECODABLE_AUDIO = ("undecodable_audio", 422, "Failed to load audio file. Please try another file.");
    NOT_AN_IMAGE = ("invalid_image", 422, "Please select an image file.");
    COVER_TOO_LARGE = ("cover_too_large", 413, "Cover image must be less than 5MB.");
    TITLE_REQUIRED = ("title_required", 422, "Please enter a title.");
    ARTIST_REQUIRED = ("artist_required", 422, "Please enter an artist name.");
    TEXT_TOO_LONG = ("too_long", 422, "{field} must be at most 200 characters.");
    UPLOAD_LIMIT_REACHED = ("upload_limit_reached", 403, "You have reached your monthly upload limit. Upgrade your plan to upload more tracks.");
    TOO_MANY_UPLOADS = ("too_many_uploads", 429, "You have other uploads in progress. Please wait for them to finish.");
    ARTIST_NAME_VERIFIED = ("artist_name_verified", 403, "This artist name belongs to a verified artist. Please upload under your own artist name.");
    // ---- tracks and artists
    SEARCH_TOO_LONG = ("search_too_long", 400, "Searches can be at most 200 characters and 10 words. Please shorten your search.");
    TRACK_NOT_FOUND = ("not_found", 404, "Track Not Found");
    ARTIST_NOT_FOUND = ("not_found", 404, "Artist Not Found");
    TRACK_NOT_READY = ("not_ready", 409, "This track is still processing.");
    TRACK_FAILED = ("processing_failed", 409, "This track could not be processed.");
    INVALID_STREAM_SIGNATURE = ("invalid_signature", 403, "This stream link is invalid or has expired.");
    // ---- plays
    TOO_MANY_PLAY_REPORTS = ("too_many_play_reports", 429, "Too many plays reported in a short time. Please wait a minute and try again.");
    // ---- offline listening (downloads and the plays made offline)
    OFFLINE_NOT_IN_PLAN = ("offline_not_in_plan", 403, "Downloads are part of Basic and Premium. Upgrade to listen offline.");
    OFFLINE_LIMIT_REACHED = ("offline_limit_reached", 403, "Basic includes 10 hours of downloads. Remove some downloads or upgrade to Premium for unlimited offline listening.");
    OFFLINE_BATCH_SIZE = ("invalid_batch", 400, "Send 1 to 500 {field} at a time.");
    OFFLINE_PLAY_ID = ("invalid_play_id", 400, "Each play id must be 1 to 64 characters.");
    // ---- AutoMix (a track's vocals and accompaniment stems)
    STEMS_NOT_FOUND = ("not_found", 404, "This track has no stems yet. Press AutoMix to make them.");
    AUTOMIX_UNAVAILABLE = ("automix_unavailable", 503, "AutoMix is not available on this server right now.");
    AUTOMIX_LIMIT_REACHED = ("automix_limit_reached", 429, "You have started {field} AutoMix separations in the last 24 hours. Please try again later.");
    // why a separation failed (the stems' `error`): the separator's own words are for the logs
    AUTOMIX_FAILED = ("automix_failed", 500, "AutoMix could not separate this track. Please try again later.");
    // ---- why processing a track failed (its `failure_reason`)
    SOURCE_MISSING = ("source_missing", 422, "The uploaded file is missing. Please upload the track again.");
    PROCESSING_TIMED_OUT = ("processing_timed_out", 422, "Processing took too long. Please try a shorter track.");
    PROCESSING_FAILED = ("processing_error", 500, "Processing failed. Please upload the track again.");
    // ---- profiles and follows
    PROFILE_NOT_FOUND = ("not_found", 404, "Profile not found.");
    DISPLAY_NAME_REQUIRED = ("invalid_name", 422, "Please enter a display name.");
    DISPLAY_NAME_TOO_LONG = ("invalid_name", 422, "Display name must be at most 80 characters.");
    DISPLAY_NAME_CONTROL_CHARACTERS = ("invalid_name", 422, "Display name cannot contain control characters.");
    BIO_TOO_LONG = ("invalid_bio", 422, "Bio must be at most 500 characters.");
    BIO_CONTROL_CHARACTERS = ("invalid_bio", 422, "Bio cannot contain control characters.");
    SOCIAL_LINK_SCHEME = ("invalid_social_link", 422, "Social links must start with http:// or https://");
    SOCIAL_LINK_TOO_LONG = ("invalid_social_link", 422, "Social links must be at most 2048 characters.");
    EMAIL_READ_ONLY = ("email_read_only", 422, "Email cannot be changed here.");
    AVATAR_TOO_LARGE = ("avatar_too_large", 413, "Image must be less than 2MB.");
    CANNOT_FOLLOW_SELF = ("cannot_follow_self", 409, "You cannot follow yourself.");
    FEATURED_PLAYLIST_NOT_FOUND = ("invalid_featured_playlist", 404, "Playlist not found");
    FEATURED_PLAYLIST_NOT_OWN = ("not_playlist_owner", 403, "You can only feature your own playlists.");
    // ---- playlists
    PLAYLIST_NOT_FOUND = ("not_found", 404, "Playlist not found");
    PLAYLIST_NAME_REQUIRED = ("invalid_name", 422, "Please enter a playlist name.");
    PLAYLIST_NAME_TOO_LONG = ("invalid_name", 422, "Playlist name must be at most 100 characters.");
    PLAYLIST_NAME_CONTROL_CHARACTERS = ("invalid_name", 422, "Playlist name cannot contain control characters.");
    DESCRIPTION_TOO_LONG = ("invalid_description", 422, "Description must be at most 500 characters.");
    DESCRIPTION_CONTROL_CHARACTERS = ("invalid_description", 422, "Description cannot contain control characters.");
    INVALID_ORDER = ("invalid_order", 409, "The new order must list every track of the playlist exactly once.");
    INVALID_POSITION = ("invalid_position", 422, "The position must be a whole number, 0 or more.");
    POSITION_OUTSIDE_PLAYLIST = ("invalid_position", 409, "The position is outside the playlist.");
    PLAYLIST_TRACK_NOT_FOUND = ("not_found", 404, "This track is not in the playlist.");
    // a public playlist of another user: opened, played and followed, never changed
    PLAYLIST_NOT_OWNER = ("not_playlist_owner", 403, "Only the owner of this playlist can change it.");
    CANNOT_FOLLOW_OWN_PLAYLIST = ("cannot_follow_own_playlist", 409, "You cannot follow your own playlist.");
    // ---- ads (free plan only)
    INVALID_AD_SLOT = ("invalid_slot", 400, "The ad slot must be banner or popup.");
    AD_NOT_FOUND = ("not_found", 404, "Ad not found.");
    INVALID_AD_LINK = ("invalid_signature", 403, "This ad link is invalid or has expired.");
    // ---- plans and payments (checkout and plan); the web page shows 'Invalid promo code.' when
    // a message contains 'Invalid coupon'
    INVALID_PLAN = ("invalid_plan", 422, "Please choose the Basic or Premium plan.");
    ALREADY_ON_PLAN = ("already_on_plan", 409, "You are already on the {field} plan.");
    INVALID_COUPON = ("invalid_coupon", 400, "Invalid coupon: \"{field}\" is not a valid promo code.");
    TOO_MANY_CHECKOUTS = ("too_many_checkouts", 429, "You have started too many checkouts. Please try again in a few minutes.");
    TOO_MANY_PROMO_CODE_ATTEMPTS = ("too_many_promo_code_attempts", 429, "You have tried too many promo codes. Please try again in a few minutes.");
    PLAN_CHANGE_UNCONFIRMED = ("plan_change_unconfirmed", 409, "You already have a paid plan: a change to another one happens at once, so it must be confirmed.");
    NO_SUBSCRIPTION = ("no_subscription", 409, "You have no active subscription to cancel.");
    PAYMENT_PROVIDER_ERROR = ("payment_provider_error", 502, "The payment provider could not process the request. Please try again.");
    INVALID_WEBHOOK_SIGNATURE = ("invalid_signature", 400, "The webhook signature is missing, invalid or too old.");
    INVALID_WEBHOOK_EVENT = ("invalid_event", 400, "The webhook event is not an event.");
    // ---- payouts (withdrawal, checked in this order; then the formats)
    MINIMUM_WITHDRAWAL = ("minimum_withdrawal", 409, "Minimum withdrawal amount is 5 EUR.");
    PAYPAL_EMAIL_REQUIRED = ("paypal_email_required", 422, "Please provide your PayPal email.");
    BANK_DETAILS_REQUIRED = ("bank_details_required", 422, "Please fill in all bank details.");
    ACCOUNT_NAME_TOO_LONG = ("invalid_account_name", 422, "Account holder name must be at most 70 characters.");
    INVALID_ACCOUNT_NAME = ("invalid_account_name", 422, "Account holder name must contain letters and no control characters.");
    INVALID_PAYPAL_EMAIL = ("invalid_paypal_email", 422, "Please enter a valid PayPal email address.");
    INVALID_IBAN = ("invalid_iban", 422, "Please enter a valid IBAN.");
    INVALID_SWIFT = ("invalid_swift", 422, "Please enter a valid SWIFT/BIC code.");
    INVALID_IDEMPOTENCY_KEY = ("invalid_idempotency_key", 400, "The Idempotency-Key header must be 1 to 255 characters.");
    IDEMPOTENCY_KEY_REUSED = ("idempotency_key_reused", 422, "This Idempotency-Key was already used for a different withdrawal request.");
    WITHDRAWAL_LIMIT_REACHED = ("withdrawal_limit_reached", 429, "You have requested {field} withdrawals in the last 24 hours. Please try again later.");
}

/// The catalogue as published: entry name in lower case -> `{code, status, message}`.
pub fn published() -> serde_json::Value {
    CATALOGUE
        .iter()
        .map(|(name, problem)| {
            (
                name.to_lowercase(),
                serde_json::json!({
                    "code": problem.code,
                    "status": problem.status,
                    "message": problem.message,
                }),
            )
        })
        .collect::<serde_json::Map<_, _>>()
        .into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_is_a_client_or_server_error_with_a_message() {
        for (name, problem) in CATALOGUE {
            assert!((400..600).contains(&problem.status), "{name}");
            assert!(!problem.message.is_empty(), "{name}");
            assert!(
                !problem.code.is_empty() && problem.code == problem.code.to_lowercase(),
                "{name}"
            );
        }
    }

    #[test]
    fn the_published_catalogue_holds_every_entry_by_name() {
        let published = published();

        assert_eq!(published.as_object().unwrap().len(), CATALOGUE.len());
        assert_eq!(
            published["text_too_long"],
            serde_json::json!({"code": "too_long", "status": 422, "message": "{field} must be at most 200 characters."})
        );
        assert_eq!(
            TEXT_TOO_LONG.message_for("Album"),
            "Album must be at most 200 characters."
        );
    }
}
