//! Sessions after sign-in: refresh-token rotation with reuse detection, and logout.

use super::*;

impl AuthService {
    /// Rotates a refresh token (reference/gotrue-wire.md, section 6).
    pub async fn refresh(&self, body: wire::TokenBody) -> AuthResult<Session> {
        let not_found = || {
            AuthError::bad_request(
                "refresh_token_not_found",
                "Invalid Refresh Token: Refresh Token Not Found",
            )
        };
        let token = body
            .refresh_token
            .filter(|t| !t.is_empty())
            .ok_or_else(not_found)?;
        let token_id = tokens::decode_refresh_token(&self.keys, &token)
            .ok_or_else(not_found)?
            .to_string();
        let presented = store::find_refresh_token(&self.db, &token_id)
            .await?
            .ok_or_else(not_found)?;

        let now = now();
        let mut tx = self.db.begin().await?;
        let already_used = || {
            AuthError::bad_request(
                "refresh_token_already_used",
                "Invalid Refresh Token: Already Used",
            )
        };
        let locked = store::lock_session(&mut tx, &presented.session_id, now)
            .await?
            .ok_or_else(|| AuthError::bad_request("session_not_found", "Session not found"))?;
        // Reuse detection ended this session: none of its tokens refreshes again, whatever
        // the reuse interval would allow.
        if locked.not_after.is_some() {
            return Err(already_used());
        }
        let session = locked.session;
        let presented = store::find_refresh_token_in(&mut tx, &token_id)
            .await?
            .ok_or_else(not_found)?;

        let issued_id = if !presented.revoked {
            store::revoke_refresh_token(&mut tx, &presented.id, now).await?;
            self.issue_refresh_token(&mut tx, &session.id, Some(&presented.id), now)
                .await?
        } else {
            let active = store::active_refresh_token(&mut tx, &session.id).await?;
            let reuse_deadline = presented.updated_at
                + chrono::Duration::seconds(self.config.refresh_token_reuse_interval_secs as i64);
            match active {
                // The client lost the answer to its last refresh: hand it the same child again.
                Some(child) if child.parent_id.as_deref() == Some(presented.id.as_str()) => {
                    child.id
                }
                _ if now <= reuse_deadline => {
                    store::revoke_refresh_tokens(&mut tx, &session.id, now).await?;
                    self.issue_refresh_token(&mut tx, &session.id, Some(&presented.id), now)
                        .await?
                }
                _ => {
                    store::end_session(&mut tx, &session.id, now).await?;
                    tx.commit().await?;
                    tracing::warn!(session_id = %session.id, "refresh token reused outside the reuse interval: session ended");
                    self.announce_sessions_ended(&session.user_id).await;
                    return Err(already_used());
                }
            }
        };
        tx.commit().await?;
        let user = store::find_user(&self.db, &session.user_id)
            .await?
            .ok_or_else(not_found)?;
        let factors = store::list_factors(&self.db, &user.id).await?;
        self.session_response(&user, &factors, &session, issued_id, None)
    }

    pub async fn logout(&self, auth: &Authenticated, scope: &str) -> AuthResult<()> {
        let scope = match scope {
            "global" | "" => SessionScope::All,
            "local" => SessionScope::Only(&auth.session.id),
            "others" => SessionScope::AllBut(&auth.session.id),
            _ => return Err(validation("Unsupported logout scope")),
        };
        let mut tx = self.db.begin().await?;
        store::delete_sessions(&mut tx, &auth.user.id, scope).await?;
        tx.commit().await?;
        self.announce_sessions_ended(&auth.user.id).await;
        Ok(())
    }
}
