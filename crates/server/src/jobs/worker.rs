//! Workers: tasks that claim jobs and run them. Each claims one job at a time, renews its lease
//! while the job runs, and sleeps when the queue is empty until [`JobQueue::wake`] or the next
//! poll (jobs enqueued by other processes are found by polling).

use std::pin::pin;
use std::time::Duration;

use tokio::sync::watch;
use tokio::task::JoinHandle;

use super::{
    JobError, JobHandler, JobHandlers, JobQueue, Lease, MAX_ATTEMPTS, TimedOut, retry_delay, store,
};
use crate::db::{Db, Timestamp};

/// How long a claim holds without renewal; a crashed worker's job is free again after it.
const LEASE: Duration = Duration::from_secs(60);
const RENEW_EVERY: Duration = Duration::from_secs(20);
const POLL_EVERY: Duration = Duration::from_secs(3);

/// What workers run jobs with.
#[derive(Clone, Debug)]
pub struct WorkerContext {
    pub db: Db,
    pub queue: JobQueue,
    pub handlers: JobHandlers,
    /// A job still running after this long fails for good.
    pub job_timeout: Duration,
}

/// Running workers; [`Workers::stop`] ends them.
pub struct Workers {
    stop: watch::Sender<bool>,
    tasks: Vec<JoinHandle<()>>,
}

impl Workers {
    /// Starts `count` workers (none when 0).
    pub fn start(context: WorkerContext, count: usize) -> Self {
        let (stop, stopped) = watch::channel(false);
        let tasks = (0..count)
            .map(|_| tokio::spawn(work(context.clone(), stopped.clone())))
            .collect();
        Self { stop, tasks }
    }

    /// Stops claiming jobs; a job in progress is handed back to the queue for the next start.
    pub async fn stop(self) {
        let _ = self.stop.send(true);
        for task in self.tasks {
            if let Err(err) = task.await {
                tracing::warn!(error = %err, "a job worker ended abnormally");
            }
        }
    }
}

fn lease_from(now: Timestamp) -> Timestamp {
    now + chrono::Duration::from_std(LEASE).expect("the lease fits a chrono duration")
}

async fn work(context: WorkerContext, mut stopped: watch::Receiver<bool>) {
    let wake = context.queue.waker();
    loop {
        if *stopped.borrow() {
            return;
        }
        // Registered before looking at the queue, so a wake-up in between is not lost.
        let mut woken = pin!(wake.notified());
        woken.as_mut().enable();
        let now = Timestamp::now();
        match store::claim(&context.db, now, lease_from(now)).await {
            Ok(Some(job)) => {
                run(&context, job, &mut stopped).await;
                continue;
            }
            Ok(None) => {}
            Err(err) => tracing::warn!(error = %err, "cannot claim a job"),
        }
        tokio::select! {
            () = woken => {}
            () = tokio::time::sleep(POLL_EVERY) => {}
            changed = stopped.changed() => {
                if changed.is_err() {
                    return;
                }
            }
        }
    }
}

async fn run(
    context: &WorkerContext,
    claimed: store::ClaimedJob,
    stopped: &mut watch::Receiver<bool>,
) {
    let lease = claimed.lease();
    let Some(handler) = context.handlers.get(&claimed.kind) else {
        let reason = format!("no handler for jobs of kind {:?}", claimed.kind);
        tracing::error!(job_id = %lease.job_id, %reason, "dropping a job that cannot run");
        record(fail(context, None, &lease, &reason).await);
        return;
    };
    let job = Claimed {
        handler: handler.as_ref(),
        payload: &claimed.payload,
    };
    if lease.attempt > MAX_ATTEMPTS {
        // Its earlier attempts ended with their process: it is what stops the process.
        let error =
            JobError::permanent(anyhow::anyhow!("the job was interrupted on every attempt"));
        finish_failed(context, &job, &lease, &error).await;
        return;
    }
    tracing::info!(job_id = %lease.job_id, kind = %claimed.kind, attempt = lease.attempt, "running a job");

    let limited = tokio::time::timeout(context.job_timeout, execute(context, &job, &lease));
    let outcome = tokio::select! {
        outcome = limited => outcome
            .unwrap_or_else(|_| Err(JobError::permanent(TimedOut(context.job_timeout)))),
        () = keep_lease(&context.db, &lease) => {
            tracing::warn!(job_id = %lease.job_id, "lost the lease of a running job");
            return;
        }
        _ = stopped.changed() => {
            record(store::release(&context.db, &lease, Timestamp::now()).await);
            return;
        }
    };
    match outcome {
        Ok(()) => tracing::info!(job_id = %lease.job_id, "job done"),
        Err(error) if error.permanent || lease.attempt >= MAX_ATTEMPTS => {
            finish_failed(context, &job, &lease, &error).await;
        }
        Err(error) => {
            let now = Timestamp::now();
            let message = format!("{:#}", error.cause);
            tracing::warn!(job_id = %lease.job_id, attempt = lease.attempt, error = %message, "job failed; it will be retried");
            record(
                store::retry_later(
                    &context.db,
                    &lease,
                    now + retry_delay(lease.attempt),
                    &message,
                    now,
                )
                .await,
            );
        }
    }
}

/// A claimed job with the handler of its kind.
struct Claimed<'a> {
    handler: &'a dyn JobHandler,
    payload: &'a str,
}

/// Runs the job and, when it succeeded, marks it done (a no-op for jobs that completed their
/// lease in their own transaction).
async fn execute(
    context: &WorkerContext,
    job: &Claimed<'_>,
    lease: &Lease,
) -> Result<(), JobError> {
    job.handler.run(job.payload, lease).await?;
    let mut tx = context.db.begin().await.map_err(JobError::retryable)?;
    store::complete(&mut tx, lease, Timestamp::now())
        .await
        .map_err(JobError::retryable)?;
    tx.commit().await.map_err(JobError::retryable)
}

/// Fails the job for good and lets its subject record why, in one transaction.
async fn finish_failed(
    context: &WorkerContext,
    job: &Claimed<'_>,
    lease: &Lease,
    error: &JobError,
) {
    let message = format!("{:#}", error.cause);
    tracing::error!(job_id = %lease.job_id, attempt = lease.attempt, error = %message, "job failed for good");
    record(fail(context, Some((job, &error.cause)), lease, &message).await);
}

async fn fail(
    context: &WorkerContext,
    subject: Option<(&Claimed<'_>, &anyhow::Error)>,
    lease: &Lease,
    message: &str,
) -> sqlx::Result<bool> {
    let mut tx = context.db.begin().await?;
    if !store::fail(&mut tx, lease, message, Timestamp::now()).await? {
        return Ok(false);
    }
    if let Some((job, cause)) = subject {
        job.handler.give_up(&mut tx, job.payload, cause).await?;
    }
    tx.commit().await?;
    Ok(true)
}

/// Renews the lease until it is lost (then returns); runs for as long as the job.
async fn keep_lease(db: &Db, lease: &Lease) {
    loop {
        tokio::time::sleep(RENEW_EVERY).await;
        match store::extend(db, lease, lease_from(Timestamp::now())).await {
            Ok(true) => {}
            Ok(false) => return,
            Err(err) => {
                tracing::warn!(job_id = %lease.job_id, error = %err, "cannot renew a job's lease")
            }
        }
    }
}

fn record(result: sqlx::Result<bool>) {
    match result {
        Ok(true) => {}
        Ok(false) => tracing::warn!("a job changed hands before its outcome was recorded"),
        Err(err) => tracing::warn!(error = %err, "cannot record a job's outcome"),
    }
}
