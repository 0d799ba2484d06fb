//! `backbeat users`: helping a user who lost their second factor.

use crate::config::Config;
use crate::state::AppState;
use clap::Subcommand;

#[derive(Subcommand)]
pub enum UsersCommand {
    /// Remove every second factor and recovery code of the account and end all its sessions,
    /// so its owner logs in with the password alone (check who asks first); the owner is
    /// mailed.
    ResetTwoFactor {
        /// The account's email address.
        email: String,
    },
}

pub async fn users(config: Config, command: UsersCommand) -> anyhow::Result<String> {
    let UsersCommand::ResetTwoFactor { email } = command;
    let state = AppState::build(config).await?;
    let reset = state.auth.reset_two_factor(&email).await;
    state.db.close().await;
    let Some(reset) = reset? else {
        anyhow::bail!("no account has the email address {email:?}");
    };
    Ok(format!(
        "Two-factor authentication of {email} is off: {} factor(s) removed, {} session(s) ended; \
         the owner is mailed.\n",
        reset.factors_removed, reset.sessions_ended
    ))
}
