//! Where money comes in: plans paid by card through the configured payment provider
//! (`payments`: checkout, plan changes, the provider's signed webhook events) and the free plan's
//! house ads (`ads`). It knows a user and their plan, never a track.

pub mod ads;
pub mod payments;

mod api;
pub use api::{CommerceServices, CommerceState, api_router, sandbox_router};
