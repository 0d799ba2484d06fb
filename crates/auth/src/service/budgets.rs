//! Per-account budgets: a client address that signed in to an account before draws on a
//! budget of its own for it; strangers share one.

use super::*;
use crate::rate_limit::{self, Asker};
use backbeat_core::ids::UserId;

impl AuthService {
    /// A client address as the known clients of `user_id` are stored: its limiting key
    /// (IPv6 by its /64) as a MAC, so the table holds no address.
    pub(super) fn client_of(&self, user_id: &UserId, ip: IpAddr) -> String {
        let key = rate_limit::client_key(ip);
        let mac = self
            .keys
            .secret()
            .mac("known-client", format!("{user_id}\n{key}").as_bytes());
        hex::encode(&mac[..16])
    }

    /// Counts an attempt on the account of `email` (with the id `user_id`, when it exists)
    /// against its per-account budget: the requesting client's own when it signed in to the
    /// account before, else the one strangers share.
    pub(super) async fn check_account_budget(
        &self,
        endpoint: Limited,
        email: &str,
        user_id: Option<&UserId>,
        meta: &RequestMeta,
    ) -> AuthResult<()> {
        let client = match user_id {
            Some(id) => self.known_client(id, meta.ip).await?,
            None => None,
        };
        let asker = client.as_deref().map_or(Asker::Stranger, Asker::Known);
        self.limits.check_email(endpoint, email, asker).await
    }

    /// The client address as stored when it signed in to the account `user_id` within
    /// [`KNOWN_CLIENT_DAYS`], else `None` (a stranger).
    pub(crate) async fn known_client(
        &self,
        user_id: &UserId,
        ip: IpAddr,
    ) -> sqlx::Result<Option<String>> {
        let since = now() - chrono::Duration::days(KNOWN_CLIENT_DAYS);
        let client = self.client_of(user_id, ip);
        Ok(store::is_known_client(&self.db, user_id, &client, since)
            .await?
            .then_some(client))
    }
}
