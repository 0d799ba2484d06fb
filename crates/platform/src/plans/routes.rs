//! `GET /api/v1/plans`.

use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{Plan, StreamQuality};

#[derive(Debug, Serialize, ToSchema)]
pub struct PlanView {
    pub id: Plan,
    pub name: &'static str,
    /// Monthly price in cents of `currency`.
    pub price_cents: u32,
    pub currency: &'static str,
    /// Uploads per calendar month (UTC); null means unlimited.
    #[schema(required = true)]
    pub upload_limit: Option<u32>,
    pub stream_quality: StreamQuality,
    pub stream_quality_label: &'static str,
    pub ads: bool,
    pub offline: &'static str,
    pub priority_support: bool,
    pub features: Vec<&'static str>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PlanList {
    pub plans: Vec<PlanView>,
}

impl From<Plan> for PlanView {
    fn from(plan: Plan) -> Self {
        Self {
            id: plan,
            name: plan.name(),
            price_cents: plan.price_cents(),
            currency: "USD",
            upload_limit: plan.monthly_upload_limit(),
            stream_quality: plan.stream_quality(),
            stream_quality_label: plan.stream_quality().label(),
            ads: plan.shows_ads(),
            offline: plan.offline_listening(),
            priority_support: plan.priority_support(),
            features: plan.features().to_vec(),
        }
    }
}

pub fn router() -> OpenApiRouter {
    OpenApiRouter::new().routes(routes!(list_plans))
}

/// The subscription plans, cheapest first.
#[utoipa::path(
    get,
    path = "/plans",
    tag = "plans",
    operation_id = "listPlans",
    responses((status = 200, description = "The plans", body = PlanList))
)]
async fn list_plans() -> Json<PlanList> {
    Json(PlanList {
        plans: Plan::ALL.into_iter().map(PlanView::from).collect(),
    })
}
