//! `backbeat payouts`: artists' withdrawals, for the operator who pays them.

use crate::auth::Mailer;
use crate::config::Config;
use crate::payouts::Status;
use crate::payouts::operator::{self, OperatorError};
use crate::payouts::paypal::Paypal;
use crate::state;
use clap::Subcommand;

#[derive(Subcommand)]
pub enum PayoutsCommand {
    /// Every withdrawal, newest first, with its full details (to pay it).
    List {
        /// Only withdrawals in this status.
        #[arg(long, value_parser = super::one_of::<Status>())]
        status: Option<Status>,
    },
    /// Mark a pending withdrawal as paid, and mail the artist.
    Complete {
        /// The withdrawal's id, as `list` prints it.
        id: String,
    },
    /// Reject a pending withdrawal: its amount returns to the artist's balance, and the artist
    /// is mailed the reason.
    Reject {
        /// The withdrawal's id, as `list` prints it.
        id: String,
        /// Why, as the artist reads it.
        #[arg(long)]
        reason: String,
    },
    /// Pay pending PayPal withdrawals (all, or the one given) through PayPal Payouts and
    /// complete each one PayPal accepts (needs BACKBEAT_PAYPAL_CLIENT_ID and
    /// BACKBEAT_PAYPAL_CLIENT_SECRET).
    SendPaypal {
        /// Only this withdrawal.
        id: Option<String>,
    },
    /// Every withdrawal as comma-separated values on standard output.
    Export {
        /// Comma-separated values (the one format).
        #[arg(long, required = true)]
        csv: bool,
    },
}

/// Runs a `payouts` command on the configured database (mail through the configured mailer);
/// answers what to print.
pub async fn payouts(config: &Config, command: PayoutsCommand) -> Result<String, OperatorError> {
    let (db, _) = state::open_storage(config).await?;
    let mailer = Mailer::new(&config.mail, &config.data_dir)?;
    let output = match command {
        PayoutsCommand::List { status } => operator::list(&db, status)
            .await
            .map(|rows| operator::table(&rows, false)),
        PayoutsCommand::Export { csv } => operator::list(&db, None)
            .await
            .map(|rows| operator::table(&rows, csv)),
        PayoutsCommand::Complete { id } => operator::complete(&db, &mailer, &id)
            .await
            .map(|row| format!("Withdrawal {} is completed; the artist is mailed.\n", row.id)),
        PayoutsCommand::SendPaypal { id } => match config.payouts.paypal() {
            Ok(settings) => match Paypal::new(settings) {
                Ok(paypal) => operator::send_paypal(&db, &mailer, &paypal, id.as_deref()).await,
                Err(err) => Err(err.into()),
            },
            Err(err) => Err(OperatorError::Failed(err.into())),
        },
        PayoutsCommand::Reject { id, reason } => operator::reject(&db, &mailer, &id, &reason)
            .await
            .map(|row| {
                format!(
                    "Withdrawal {} is rejected; {} EUR is back in the artist's balance, and the artist is mailed.\n",
                    row.id,
                    row.amount_units.eur()
                )
            }),
    };
    db.close().await;
    output
}
