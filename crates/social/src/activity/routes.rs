//! `GET /api/v1/me/activity/friends` and the live stream `GET /api/v1/events`.

use std::sync::Arc;
use std::time::Duration;

use axum::Json;
use axum::extract::{FromRef, State};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::live_event::{FRIEND_LISTEN, FriendListen, LiveEvent, PLAN_CHANGED, PlanChanged, STEMS};
use super::service::{self, LiveActivity};
use backbeat_auth::{AuthService, AuthUser};
use backbeat_catalog::automix::live::LiveStems;
use backbeat_core::db::{Db, Timestamp};
use backbeat_core::http::error::{ApiResult, ErrorBody};
use backbeat_core::shutdown::Shutdown;
use backbeat_platform::events::{EventBus, StreamSlots};

/// A comment line every 25 s keeps proxies and the client from taking a quiet stream for a
/// dead one.
const HEARTBEAT: Duration = Duration::from_secs(25);
/// The latest listens of the people the caller follows.
#[derive(Debug, Serialize, ToSchema)]
pub struct FriendsActivity {
    /// At most 10, newest first.
    pub items: Vec<FriendListen>,
}

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Arc<AuthService>: FromRef<S>,
    Db: FromRef<S>,
    EventBus: FromRef<S>,
    LiveActivity: FromRef<S>,
    LiveStems: FromRef<S>,
    Shutdown: FromRef<S>,
    StreamSlots: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(friends_activity))
        .routes(routes!(live_events))
}

/// The 10 latest listens of the people the caller follows, newest first.
#[utoipa::path(
    get,
    path = "/me/activity/friends",
    tag = "listening",
    operation_id = "getFriendsActivity",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Friends activity", body = FriendsActivity),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
async fn friends_activity(
    user: AuthUser,
    State(db): State<Db>,
) -> ApiResult<Json<FriendsActivity>> {
    let listens = service::friends_activity(&db, &user.id).await?;
    Ok(Json(FriendsActivity {
        items: listens.into_iter().map(FriendListen::from).collect(),
    }))
}

/// The caller's live events (server-sent events).
///
/// `event: friend_listen` with a FriendListen as JSON `data` whenever someone the caller
/// follows starts a track; `event: plan_changed` with a PlanChanged as JSON `data`
/// (`{"plan": "premium"}`) when a verified payment event changed the caller's plan;
/// `event: stems` with a StemsChanged as JSON `data` (`{"track_id": "...", "status":
/// "loading", "progress": 42}`) as the AutoMix separation of a track the caller asked for
/// (`POST`, or `GET` while loading, of `/tracks/{id}/stems`) goes: its progress in whole
/// percent at most twice a second, then `ready` (read `GET /tracks/{id}/stems` for the URLs)
/// or `error` (the same for the message); and a
/// `: heartbeat` comment every 25 s. Authenticated by the bearer
/// header, so read it with `fetch` streaming, not `EventSource`. The stream ends when its
/// session ends (logout, password change), when its access token expires (reconnect with the
/// refreshed one), when the server stops, or when the same user opens more than 8 streams
/// (the oldest ends).
#[utoipa::path(
    get,
    path = "/events",
    tag = "listening",
    operation_id = "streamEvents",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "An endless `text/event-stream`; each `friend_listen` \
            event's data is a FriendListen, each `plan_changed` event's data a PlanChanged, \
            each `stems` event's data a StemsChanged",
            content_type = "text/event-stream", body = LiveEvent),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
async fn live_events(
    user: AuthUser,
    State(live): State<LiveActivity>,
    State(live_stems): State<LiveStems>,
    State(events): State<EventBus>,
    State(shutdown): State<Shutdown>,
    State(auth): State<Arc<AuthService>>,
    State(slots): State<StreamSlots>,
) -> Response {
    let mut slot = slots.open(&user.id);
    let session_ended = auth.session_end(user.session_id.clone(), user.id.to_string());
    let token_left =
        u64::try_from(user.token_expires_at - Timestamp::now().unix_seconds()).unwrap_or_default();
    let ends = async move {
        tokio::select! {
            () = session_ended => {}
            () = tokio::time::sleep(Duration::from_secs(token_left)) => {}
            () = slot.closed() => {}
        }
    };
    // Subscribed before the response starts: a play recorded (or a plan changed) once the
    // client has the headers reaches it.
    let plans = service::plan_changes(&events, user.id.clone(), shutdown.clone()).map(|plan| {
        Event::default()
            .event(PLAN_CHANGED)
            .json_data(PlanChanged { plan })
    });
    let stems = live_stems
        .changes_for(user.id.clone(), shutdown.clone())
        .map(|change| Event::default().event(STEMS).json_data(change));
    let listens = live.friend_listens(user.id, shutdown).map(|listen| {
        Event::default()
            .event(FRIEND_LISTEN)
            .json_data(FriendListen::from(listen))
    });
    let events = futures_util::stream::select_all([listens.boxed(), plans.boxed(), stems.boxed()])
        .take_until(ends);
    let stream =
        Sse::new(events).keep_alive(KeepAlive::new().interval(HEARTBEAT).text("heartbeat"));
    // Reverse proxies that buffer responses (nginx) would hold the events back.
    ([("x-accel-buffering", "no")], stream).into_response()
}
