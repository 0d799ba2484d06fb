//! The operator's side of payouts, run from the command line (`backbeat payouts ...`, no admin
//! web UI): every withdrawal listed or exported with its full details (to pay it), a pending
//! one listed with where its money came from (`signals.rs`), and the one-way transitions
//! pending -> completed | rejected. A rejection returns the amount through a refund ledger row
//! in the same transaction. The artist is mailed either way.

use super::Status;
use super::details::Method;
use super::ledger::{self, Change};
use super::paypal::Paypal;
use super::signals::{self, Signals};
use super::withdrawals::store::{self, WithdrawalRow};
use backbeat_auth::{Mail, Mailer};
use backbeat_core::db::{Db, Timestamp};
use backbeat_core::text_table::{aligned, comma_separated};

/// Why a command refused or failed; the message says what to change.
#[derive(Debug, thiserror::Error)]
pub enum OperatorError {
    #[error("there is no withdrawal with the id {0:?}")]
    Unknown(String),
    #[error(
        "the withdrawal {id} is {status}: only a pending withdrawal can be completed or rejected"
    )]
    NotPending { id: String, status: Status },
    #[error("the withdrawal {0} is a bank transfer: PayPal pays PayPal withdrawals only")]
    NotPaypal(String),
    #[error("--reason must say why the withdrawal is rejected")]
    ReasonRequired,
    #[error("{0:#}")]
    Failed(#[from] anyhow::Error),
}

impl From<sqlx::Error> for OperatorError {
    fn from(err: sqlx::Error) -> Self {
        Self::Failed(err.into())
    }
}

/// A withdrawal with the email of the artist who asked for it and, while it is pending, where
/// its credits came from.
#[derive(Clone, Debug)]
pub struct Listed {
    pub row: WithdrawalRow,
    pub email: String,
    pub signals: Option<Signals>,
}

/// Every withdrawal (of `status` when given: pending, completed or rejected), newest first;
/// the pending ones with their signals.
pub async fn list(db: &Db, status: Option<Status>) -> Result<Vec<Listed>, OperatorError> {
    let mut listed = Vec::new();
    for (row, email) in store::all_withdrawals(db, status).await? {
        let signals = match row.status {
            Status::Pending => Some(signals::of_withdrawal(db, &row).await?),
            Status::Completed | Status::Rejected => None,
        };
        listed.push(Listed {
            row,
            email,
            signals,
        });
    }
    Ok(listed)
}

/// Marks a pending withdrawal paid and mails the artist.
pub async fn complete(db: &Db, mailer: &Mailer, id: &str) -> Result<WithdrawalRow, OperatorError> {
    let mut tx = db.begin().await?;
    let Some(row) = store::settle(&mut tx, id, Status::Completed, None, Timestamp::now()).await?
    else {
        return Err(not_pending(db, id).await);
    };
    tx.commit().await?;
    let text = format!(
        "Your withdrawal of {} EUR by {} has been paid.\n\nThank you for making music on Backbeat.\n",
        row.amount_units.eur(),
        method_name(&row.method),
    );
    notify(db, mailer, &row, "Your withdrawal has been paid", text).await;
    Ok(row)
}

/// Rejects a pending withdrawal, returns its amount to the balance and mails the artist why.
pub async fn reject(
    db: &Db,
    mailer: &Mailer,
    id: &str,
    reason: &str,
) -> Result<WithdrawalRow, OperatorError> {
    let reason = reason.trim();
    if reason.is_empty() {
        return Err(OperatorError::ReasonRequired);
    }
    let now = Timestamp::now();
    let mut tx = db.begin().await?;
    let Some(row) = store::settle(&mut tx, id, Status::Rejected, Some(reason), now).await? else {
        return Err(not_pending(db, id).await);
    };
    let refund = Change::WithdrawalRefund {
        withdrawal_id: &row.id,
    };
    ledger::record(&mut tx, &row.user_id, refund, row.amount_units, now).await?;
    tx.commit().await?;
    let text = format!(
        "Your withdrawal of {} EUR by {} was rejected: {reason}\n\n\
         The amount is back in your balance; you can request a withdrawal again.\n",
        row.amount_units.eur(),
        method_name(&row.method),
    );
    notify(db, mailer, &row, "Your withdrawal was rejected", text).await;
    Ok(row)
}

async fn not_pending(db: &Db, id: &str) -> OperatorError {
    match store::status_of(db, id).await {
        Ok(Some(status)) => OperatorError::NotPending {
            id: id.to_owned(),
            status,
        },
        Ok(None) => OperatorError::Unknown(id.to_owned()),
        Err(err) => err.into(),
    }
}

fn method_name(method: &str) -> &'static str {
    match Method::parse(method) {
        Some(Method::Paypal) => "PayPal",
        _ => "bank transfer",
    }
}

/// Mails the artist; the transition stands whatever happens to the mail (logged).
async fn notify(db: &Db, mailer: &Mailer, row: &WithdrawalRow, subject: &str, text: String) {
    let sent = match store::email_of(db, &row.user_id).await {
        Ok(Some(to)) => {
            let mail = Mail {
                to,
                subject: subject.to_owned(),
                text,
            };
            mailer.send(mail).await
        }
        Ok(None) => Err(anyhow::anyhow!("the artist's account is gone")),
        Err(err) => Err(err.into()),
    };
    if let Err(err) = sent {
        tracing::warn!(withdrawal = %row.id, error = %format!("{err:#}"), "cannot mail the artist");
    }
}

/// Sends every pending PayPal withdrawal (or the one `only`) through PayPal Payouts and
/// completes each PayPal accepted (mailing the artist); answers one line per withdrawal. A
/// failure is reported and the others are still sent; the result is an error if any failed.
pub async fn send_paypal(
    db: &Db,
    mailer: &Mailer,
    paypal: &Paypal,
    only: Option<&str>,
) -> Result<String, OperatorError> {
    let pending: Vec<WithdrawalRow> = store::all_withdrawals(db, Some(Status::Pending))
        .await?
        .into_iter()
        .map(|(row, _)| row)
        .filter(|row| row.method == "paypal" && only.is_none_or(|id| row.id == id))
        .collect();
    if let Some(id) = only.filter(|_| pending.is_empty()) {
        return Err(not_pending_paypal(db, id).await);
    }
    if pending.is_empty() {
        return Ok("No pending PayPal withdrawals.\n".to_owned());
    }
    let token = paypal.token().await?;
    let (mut report, mut failed) = (String::new(), 0);
    for row in pending.into_iter().rev() {
        let line = match paypal.send(&token, &row).await {
            Err(err) => Err(format!("not sent: {err:#}")),
            Ok(batch) => match complete(db, mailer, &row.id).await {
                Ok(_) => Ok(format!(
                    "{} EUR sent to {} (PayPal batch {batch}), completed.",
                    row.amount_units.eur(),
                    row.details
                )),
                Err(err) => Err(format!(
                    "sent (PayPal batch {batch}) but not completed: {err}"
                )),
            },
        };
        failed += usize::from(line.is_err());
        report += &format!(
            "Withdrawal {}: {}\n",
            row.id,
            line.unwrap_or_else(|err| err)
        );
    }
    if failed > 0 {
        return Err(OperatorError::Failed(anyhow::anyhow!(
            "{report}{failed} withdrawal(s) could not be sent"
        )));
    }
    Ok(report)
}

async fn not_pending_paypal(db: &Db, id: &str) -> OperatorError {
    match not_pending(db, id).await {
        OperatorError::NotPending {
            status: Status::Pending,
            ..
        } => OperatorError::NotPaypal(id.to_owned()),
        other => other,
    }
}

const HEADER: [&str; 9] = [
    "ID",
    "REQUESTED",
    "STATUS",
    "AMOUNT_EUR",
    "METHOD",
    "EMAIL",
    "DETAILS",
    "PROCESSED",
    "REASON",
];

/// The signals' columns of `payouts list`: distinct listeners, the share of credits from
/// accounts younger than 7 days, the largest single listener's share.
const SIGNALS_HEADER: [&str; 3] = ["LISTENERS", "NEW_ACCOUNTS", "TOP_LISTENER"];

/// `payouts list` as a table (with each pending withdrawal's signals), or `payouts export
/// --csv`: the full details, to pay from.
pub fn table(rows: &[Listed], csv: bool) -> String {
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(
            |Listed {
                 row,
                 email,
                 signals,
             }| {
                let mut cells = vec![
                    row.id.to_string(),
                    row.created_at.to_string(),
                    row.status.to_string(),
                    row.amount_units.eur(),
                    row.method.clone(),
                    email.clone(),
                    row.details.clone(),
                    row.processed_at
                        .map(|at| at.to_string())
                        .unwrap_or_default(),
                    row.reason.clone().unwrap_or_default(),
                ];
                if !csv {
                    cells.extend(match signals {
                        Some(signals) => [
                            signals.listeners.to_string(),
                            signals.new_account_share(),
                            signals.top_listener_share(),
                        ],
                        None => ["-".to_owned(), "-".to_owned(), "-".to_owned()],
                    });
                }
                cells
            },
        )
        .collect();
    if csv {
        comma_separated(&HEADER.map(str::to_lowercase), &cells)
    } else {
        aligned(&[&HEADER[..], &SIGNALS_HEADER[..]].concat(), &cells)
    }
}
