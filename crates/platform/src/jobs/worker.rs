//! Workers: tasks that claim jobs and run them. Each works for one lane and claims only the
//! kinds of that lane, one job at a time; it renews its lease while the job runs, and sleeps
//! when its lane is empty until [`JobQueue::wake`] or the next poll (jobs enqueued by other
//! processes are found by polling).

use std::pin::pin;
use std::time::Duration;

use tokio::sync::watch;
use tokio::task::JoinHandle;

use super::{
    JobError, JobHandler, JobHandlers, JobQueue, Lease, MAX_ATTEMPTS, TimedOut, retry_delay, store,
};
use backbeat_core::db::{Db, Timestamp};
use store::KINDS_PER_CLAIM;

/// Workers renew their lease this many times per lease, so a late renewal or two never loses it.
const RENEWALS_PER_LEASE: u32 = 3;
const POLL_EVERY: Duration = Duration::from_secs(3);

/// What workers run jobs with.
#[derive(Clone, Debug)]
pub struct WorkerContext {
    pub db: Db,
    pub queue: JobQueue,
    pub handlers: JobHandlers,
    /// A job still running after this long fails for good.
    pub job_timeout: Duration,
    /// How long a claim holds without renewal (`BACKBEAT_JOB_LEASE_SECS`): a job whose node
    /// died is free again this long after its last renewal.
    pub lease: Duration,
    /// This node's name, recorded with the jobs it claims (`locked_by`).
    pub node: String,
}

impl WorkerContext {
    fn lease_from(&self, now: Timestamp) -> Timestamp {
        now + chrono::Duration::from_std(self.lease).expect("the lease fits a chrono duration")
    }
}

/// Running workers; [`Workers::stop`] ends them.
pub struct Workers {
    stop: watch::Sender<bool>,
    tasks: Vec<JoinHandle<()>>,
}

impl Workers {
    /// Starts, for each `(lane, count)`, `count` workers that run the jobs of that lane's
    /// kinds (none when 0, or when no handler runs in the lane).
    pub fn start(context: WorkerContext, lanes: &[(&str, usize)]) -> Self {
        let (stop, stopped) = watch::channel(false);
        let mut tasks = Vec::new();
        for &(lane, count) in lanes {
            let kinds = context.handlers.kinds_in(lane);
            if kinds.is_empty() {
                continue;
            }
            for _ in 0..count {
                let worker = work(context.clone(), kinds.clone(), stopped.clone());
                tasks.push(tokio::spawn(worker));
            }
        }
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

async fn work(
    context: WorkerContext,
    kinds: Vec<&'static str>,
    mut stopped: watch::Receiver<bool>,
) {
    let wake = context.queue.waker();
    loop {
        if *stopped.borrow() {
            return;
        }
        // Registered before looking at the queue, so a wake-up in between is not lost.
        let mut woken = pin!(wake.notified());
        woken.as_mut().enable();
        if let Some(job) = claim(&context, &kinds).await {
            run(&context, job, &mut stopped).await;
            continue;
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

/// Claims the oldest due job of `kinds` (of each group of [`KINDS_PER_CLAIM`], in turn).
async fn claim(context: &WorkerContext, kinds: &[&str]) -> Option<store::ClaimedJob> {
    for group in kinds.chunks(KINDS_PER_CLAIM) {
        let now = Timestamp::now();
        let lease_until = context.lease_from(now);
        match store::claim(&context.db, now, lease_until, group, &context.node).await {
            Ok(Some(job)) => return Some(job),
            Ok(None) => {}
            Err(err) => tracing::warn!(error = %err, "cannot claim a job"),
        }
    }
    None
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
    tracing::info!(job_id = %lease.job_id, kind = %claimed.kind, attempt = lease.attempt, node = %context.node, "running a job");

    let limited = tokio::time::timeout(context.job_timeout, execute(context, &job, &lease));
    let outcome = tokio::select! {
        outcome = limited => outcome
            .unwrap_or_else(|_| Err(JobError::permanent(TimedOut(context.job_timeout)))),
        () = keep_lease(context, &lease) => {
            tracing::warn!(job_id = %lease.job_id, node = %context.node, "lost the lease of a running job to another node");
            return;
        }
        _ = stopped.changed() => {
            record(store::release(&context.db, &lease, Timestamp::now()).await);
            return;
        }
    };
    match outcome {
        Ok(()) => match store::ended_by(&context.db, &lease).await {
            Ok(true) => {
                tracing::info!(job_id = %lease.job_id, node = %context.node, "job done");
                job.handler.tidy(job.payload).await;
            }
            Ok(false) => {
                tracing::warn!(job_id = %lease.job_id, "another node holds the job now; its attempt records the result");
            }
            Err(err) => {
                tracing::warn!(job_id = %lease.job_id, error = %err, "cannot read how a job ended")
            }
        },
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
    let failed = fail(context, Some((job, &error.cause)), lease, &message).await;
    if matches!(failed, Ok(true)) {
        job.handler.tidy(job.payload).await;
    }
    record(failed);
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
    if let Some((job, _)) = subject {
        job.handler.gave_up(job.payload).await;
    }
    Ok(true)
}

/// Renews the lease until it is lost (then returns); runs for as long as the job. A job that its
/// own attempt ended is not lost: then it waits for the attempt.
async fn keep_lease(context: &WorkerContext, lease: &Lease) {
    loop {
        tokio::time::sleep(context.lease / RENEWALS_PER_LEASE).await;
        let until = context.lease_from(Timestamp::now());
        match store::extend(&context.db, lease, until).await {
            Ok(true) => {}
            // The attempt may have ended the job in its own transaction (a handler that
            // completes its lease with its result): the job is still this worker's to finish
            // (its clean-up), so wait for the attempt instead of giving it up as lost.
            Ok(false) if matches!(store::ended_by(&context.db, lease).await, Ok(true)) => {
                return std::future::pending().await;
            }
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
