//! `/api/v1/me/balance`, `/api/v1/me/earnings` and `/api/v1/withdrawals`: what an artist has
//! earned, and their withdrawals.

use std::sync::Arc;

use axum::Json;
use axum::extract::{FromRef, State};
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::balances;
use super::details::{GivenDetails, Method, masked};
use super::withdrawals::store::WithdrawalRow;
use super::withdrawals::{self, WithdrawalRequest};
use crate::withdrawals::MINIMUM_WITHDRAWAL;
use crate::withdrawals::status::Status;
use backbeat_auth::AuthUser;
use backbeat_core::db::{Db, Timestamp};
use backbeat_core::errors;
use backbeat_core::http::error::{ApiError, ApiResult, ErrorBody};
use backbeat_core::http::extract::{self, Query};
use backbeat_core::http::page::PageQuery;
use backbeat_platform::config::Config;

/// The header that makes a retried withdrawal request answer the first one.
pub const IDEMPOTENCY_KEY: &str = "idempotency-key";
/// The longest idempotency key accepted.
const IDEMPOTENCY_KEY_MAX_CHARS: usize = 255;

/// My balance.
#[derive(Debug, Serialize, ToSchema)]
pub struct BalanceView {
    /// In units of 0.0001 EUR (a counted play earns 21).
    pub balance_units: i64,
    /// In EUR with 2 decimals, rounded down: "12.34".
    pub balance_eur: String,
    /// The smallest balance that can be withdrawn: "5.00".
    pub minimum_eur: String,
    /// Counted plays summed over my tracks.
    pub total_plays: i64,
}

/// What one UTC day earned.
#[derive(Debug, Serialize, ToSchema)]
pub struct DayEarningsView {
    /// `YYYY-MM-DD` (UTC).
    pub day: String,
    /// Counted plays of my tracks that day.
    pub plays: i64,
    pub earned_units: i64,
    /// In EUR with 2 decimals, rounded down.
    pub earned_eur: String,
}

/// What one of my tracks earned.
#[derive(Debug, Serialize, ToSchema)]
pub struct TrackEarningsView {
    pub track_id: String,
    pub title: String,
    /// Counted plays, all time.
    pub plays: i64,
    pub earned_units: i64,
    pub earned_eur: String,
}

/// My earnings at a glance.
#[derive(Debug, Serialize, ToSchema)]
pub struct EarningsView {
    /// The last 30 UTC days, oldest first, every day present (zero days included).
    pub days: Vec<DayEarningsView>,
    /// My tracks, most earned first, at most 100.
    pub tracks: Vec<TrackEarningsView>,
}

/// A withdrawal request.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewWithdrawal {
    pub method: Method,
    /// The PayPal email, or `{account_name, iban, swift}` for a bank transfer.
    #[serde(default)]
    pub details: Option<GivenDetails>,
}

/// A withdrawal.
#[derive(Debug, Serialize, ToSchema)]
pub struct Withdrawal {
    pub id: String,
    /// The whole balance at the request, rounded down to cents, in units of 0.0001 EUR.
    pub amount_units: i64,
    pub amount_eur: String,
    pub method: Method,
    /// The PayPal email, or the bank transfer masked: "Ada Lovelace · IBAN •••• 1234".
    pub details: String,
    pub status: Status,
    pub created_at: Timestamp,
    #[schema(required = true)]
    pub processed_at: Option<Timestamp>,
    /// Why it was rejected.
    #[schema(required = true)]
    pub reason: Option<String>,
}

impl From<WithdrawalRow> for Withdrawal {
    fn from(row: WithdrawalRow) -> Self {
        Self {
            amount_eur: row.amount_units.eur(),
            details: masked(&row.method, &row.details),
            method: Method::parse(&row.method).unwrap_or(Method::Bank),
            status: row.status,
            id: row.id.to_string(),
            amount_units: row.amount_units.get(),
            created_at: row.created_at,
            processed_at: row.processed_at,
            reason: row.reason,
        }
    }
}

/// A page of my withdrawals, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct WithdrawalList {
    pub items: Vec<Withdrawal>,
    /// The cursor of the next page; null on the last one.
    #[schema(required = true)]
    pub next_cursor: Option<String>,
}

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Db: FromRef<S>,
    Arc<Config>: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(my_balance))
        .routes(routes!(my_earnings))
        .routes(routes!(list_withdrawals, request_withdrawal))
}

/// My balance, the minimum withdrawal and the counted plays of my tracks.
#[utoipa::path(
    get,
    path = "/me/balance",
    tag = "payouts",
    operation_id = "getMyBalance",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "My balance", body = BalanceView),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
async fn my_balance(user: AuthUser, State(db): State<Db>) -> ApiResult<Json<BalanceView>> {
    let balance = balances::balance(&db, &user.id).await?;
    Ok(Json(BalanceView {
        balance_units: balance.balance_units.get(),
        balance_eur: balance.balance_units.eur(),
        minimum_eur: MINIMUM_WITHDRAWAL.eur(),
        total_plays: balance.total_plays,
    }))
}

/// My counted plays and earnings per day over the last 30 UTC days, and per track.
#[utoipa::path(
    get,
    path = "/me/earnings",
    tag = "payouts",
    operation_id = "getMyEarnings",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "My earnings", body = EarningsView),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
async fn my_earnings(user: AuthUser, State(db): State<Db>) -> ApiResult<Json<EarningsView>> {
    let earnings = balances::earnings(&db, &user.id, Timestamp::now()).await?;
    Ok(Json(EarningsView {
        days: earnings
            .days
            .into_iter()
            .map(|day| DayEarningsView {
                earned_eur: day.earned_units.eur(),
                day: day.day,
                plays: day.plays,
                earned_units: day.earned_units.get(),
            })
            .collect(),
        tracks: earnings
            .tracks
            .into_iter()
            .map(|track| TrackEarningsView {
                earned_eur: track.earned_units.eur(),
                track_id: track.track_id,
                title: track.title,
                plays: track.plays,
                earned_units: track.earned_units.get(),
            })
            .collect(),
    }))
}

/// My withdrawals, newest first.
#[utoipa::path(
    get,
    path = "/withdrawals",
    tag = "payouts",
    operation_id = "listWithdrawals",
    security(("bearer" = [])),
    params(PageQuery),
    responses(
        (status = 200, description = "A page of my withdrawals", body = WithdrawalList),
        (status = 400, description = "An invalid cursor (`invalid_cursor`) or limit", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
async fn list_withdrawals(
    user: AuthUser,
    State(db): State<Db>,
    Query(page): Query<PageQuery>,
) -> ApiResult<Json<WithdrawalList>> {
    let page = withdrawals::withdrawals(&db, &user.id, &page.request()?).await?;
    Ok(Json(WithdrawalList {
        items: page.items.into_iter().map(Withdrawal::from).collect(),
        next_cursor: page.next_cursor,
    }))
}

/// Requests a withdrawal of my whole balance, rounded down to cents (a sub-cent remainder
/// stays). Checked in this order: the minimum of 5 EUR, the PayPal email or the three bank
/// fields, then the email, account holder name, IBAN and SWIFT/BIC formats, then the limit of withdrawals per 24
/// hours (3 unless configured). With an `Idempotency-Key`, a retry answers the first withdrawal
/// again (201, the same body, not counted against the limit); the key with another request is
/// refused.
#[utoipa::path(
    post,
    path = "/withdrawals",
    tag = "payouts",
    operation_id = "requestWithdrawal",
    security(("bearer" = [])),
    params(("Idempotency-Key" = Option<String>, Header,
        pattern = r"^[ \t]*[\x21-\x7e](?:[\t\x20-\x7e]{0,253}[\x21-\x7e])?[ \t]*$",
        description = "Any unique text (1 to 255 visible ASCII characters once trimmed): a retry with the same key and body answers the first withdrawal")),
    request_body = NewWithdrawal,
    responses(
        (status = 201, description = "The withdrawal, pending", body = Withdrawal),
        (status = 400, description = "The body is not JSON (`invalid_json`)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 409, description = "The balance is below the minimum of 5 EUR \
            (`minimum_withdrawal`); checked first", body = ErrorBody),
        (status = 422, description = "In this order: `paypal_email_required`, \
            `bank_details_required`, `invalid_paypal_email` (also past 255 bytes or with control \
            characters), `invalid_account_name` (past 70 characters, no letter, or control \
            characters), `invalid_iban`, `invalid_swift`; \
            `idempotency_key_reused` (the key came with another request); `invalid_json` (no \
            method, or fields of the wrong type)", body = ErrorBody),
        (status = 429, description = "`withdrawal_limit_reached`: as many withdrawals as \
            allowed were requested in the last 24 hours", body = ErrorBody),
    )
)]
async fn request_withdrawal(
    user: AuthUser,
    State(db): State<Db>,
    State(config): State<Arc<Config>>,
    headers: HeaderMap,
    extract::Json(body): extract::Json<NewWithdrawal>,
) -> ApiResult<(StatusCode, Json<Withdrawal>)> {
    let key = match headers.get(IDEMPOTENCY_KEY) {
        None => None,
        Some(value) => Some(
            value
                .to_str()
                .ok()
                .map(str::trim)
                .filter(|key| !key.is_empty() && key.chars().count() <= IDEMPOTENCY_KEY_MAX_CHARS)
                .ok_or_else(|| ApiError::from(errors::INVALID_IDEMPOTENCY_KEY))?,
        ),
    };
    let request = WithdrawalRequest {
        method: body.method,
        details: body.details.as_ref(),
        idempotency_key: key,
    };
    let per_day = config.payouts.withdrawals_per_day;
    let withdrawal = withdrawals::request_withdrawal(&db, &user.id, request, per_day).await?;
    Ok((StatusCode::CREATED, Json(withdrawal.into())))
}
