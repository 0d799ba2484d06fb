//! Outgoing mail (password recovery, email confirmation). With SMTP configured it is sent;
//! otherwise each message is written as an `.eml` file to `<data_dir>/mail` and its path logged,
//! so the flows work offline and in tests.

use std::path::{Path, PathBuf};

use anyhow::Context;
use lettre::message::{Mailbox, SinglePart};
use lettre::{AsyncFileTransport, AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use backbeat_platform::config::MailConfig;

pub struct Mail {
    pub to: String,
    pub subject: String,
    pub text: String,
}

pub struct Mailer {
    from: Mailbox,
    transport: Transport,
}

enum Transport {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    Folder(AsyncFileTransport<Tokio1Executor>, PathBuf),
}

impl Mailer {
    pub fn new(config: &MailConfig, data_dir: &Path) -> anyhow::Result<Self> {
        let from: Mailbox = config
            .from
            .parse()
            .context("BACKBEAT_MAIL_FROM is not a valid address")?;
        let transport = match &config.smtp_url {
            Some(url) => Transport::Smtp(
                AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                    .context("BACKBEAT_SMTP_URL is not a valid SMTP URL")?
                    .build(),
            ),
            None => {
                let dir = data_dir.join("mail");
                std::fs::create_dir_all(&dir)
                    .with_context(|| format!("cannot create {}", dir.display()))?;
                Transport::Folder(AsyncFileTransport::new(&dir), dir)
            }
        };
        Ok(Self { from, transport })
    }

    pub async fn send(&self, mail: Mail) -> anyhow::Result<()> {
        let message = Message::builder()
            .from(self.from.clone())
            .to(mail.to.parse().context("invalid recipient")?)
            .subject(mail.subject.clone())
            .singlepart(SinglePart::plain(mail.text))?;
        match &self.transport {
            Transport::Smtp(smtp) => {
                smtp.send(message).await?;
                tracing::info!(subject = %mail.subject, "mail sent");
            }
            Transport::Folder(folder, dir) => {
                let id = folder.send(message).await?;
                tracing::info!(
                    subject = %mail.subject,
                    file = %dir.join(format!("{id}.eml")).display(),
                    "no SMTP server configured: mail written to a file"
                );
            }
        }
        Ok(())
    }
}
