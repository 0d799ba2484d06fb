//! The events of `GET /api/v1/events`: their names, their data, and the OpenAPI schema of one
//! event as a client's event-stream parser reads it, its `event` name and its `data`, JSON text
//! of the event's own schema. (In OpenAPI 3.1, the `schema` of a `text/event-stream` response
//! describes each event.)

use std::borrow::Cow;

use serde_json::json;
use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, Type};
use utoipa::openapi::{Object, RefOr};
use utoipa::{PartialSchema, ToSchema};

use serde::Serialize;

use super::store::ListenRow;
use backbeat_catalog::automix::live::StemsChanged;
use backbeat_catalog::catalog::track::Track;
use backbeat_core::db::Timestamp;
use backbeat_platform::media::routes::public_path;
use backbeat_platform::plans::Plan;

/// The name of the event that carries a [`FriendListen`].
pub const FRIEND_LISTEN: &str = "friend_listen";
/// The name of the event that carries a [`PlanChanged`].
pub const PLAN_CHANGED: &str = "plan_changed";
/// The name of the event that carries a [`StemsChanged`].
pub const STEMS: &str = "stems";

/// The caller's plan changed (a verified payment event): the app shows the new plan at once.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlanChanged {
    pub plan: Plan,
}

/// Someone the caller follows.
#[derive(Debug, Serialize, ToSchema)]
pub struct ActivityUser {
    pub id: String,
    pub name: String,
    #[schema(required = true)]
    pub avatar_url: Option<String>,
}

/// A track someone the caller follows started.
#[derive(Debug, Serialize, ToSchema)]
pub struct FriendListen {
    /// The listening history entry.
    pub id: String,
    pub listened_at: Timestamp,
    pub user: ActivityUser,
    pub track: Track,
}

impl From<ListenRow> for FriendListen {
    fn from(row: ListenRow) -> Self {
        Self {
            id: row.history_id,
            listened_at: row.listened_at,
            user: ActivityUser {
                avatar_url: row.listener_avatar_key.as_deref().map(public_path),
                id: row.listener_id,
                name: row.listener_name,
            },
            track: row.track.into(),
        }
    }
}

/// One live event: `friend_listen`, `plan_changed` or `stems`, with its data.
pub struct LiveEvent;

impl PartialSchema for LiveEvent {
    fn schema() -> RefOr<Schema> {
        OneOfBuilder::new()
            .item(event(FRIEND_LISTEN, &FriendListen::name()))
            .item(event(PLAN_CHANGED, &PlanChanged::name()))
            .item(event(STEMS, &StemsChanged::name()))
            .description(Some(
                "One event of the stream: `event` names it, `data` is its JSON. Comment lines \
                 (`: heartbeat`, every 25 s) keep a quiet stream alive.",
            ))
            .into()
    }
}

impl ToSchema for LiveEvent {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("LiveEvent")
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.push((FriendListen::name().into_owned(), FriendListen::schema()));
        FriendListen::schemas(schemas);
        schemas.push((PlanChanged::name().into_owned(), PlanChanged::schema()));
        PlanChanged::schemas(schemas);
        schemas.push((StemsChanged::name().into_owned(), StemsChanged::schema()));
        StemsChanged::schemas(schemas);
    }
}

/// The event named `name` whose data is JSON of the schema `data_schema`.
fn event(name: &str, data_schema: &str) -> Object {
    let mut data = ObjectBuilder::new()
        .schema_type(Type::String)
        .content_media_type("application/json")
        .description(Some(format!("JSON: a {data_schema}")))
        .build();
    // JSON Schema's `contentSchema` (utoipa has no builder for it): what the JSON text holds.
    data.extensions.get_or_insert_with(Default::default).insert(
        "contentSchema".to_owned(),
        json!({ "$ref": format!("#/components/schemas/{data_schema}") }),
    );
    ObjectBuilder::new()
        .schema_type(Type::Object)
        .property(
            "event",
            ObjectBuilder::new()
                .schema_type(Type::String)
                .enum_values(Some([name])),
        )
        .required("event")
        .property("data", data)
        .required("data")
        .build()
}
