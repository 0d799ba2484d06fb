//! Serving a router on a listener: HTTP/1.1 connections (with keep-alive), each closed when its
//! client does not send a request's headers within [`HEADER_READ_TIMEOUT`], and a graceful
//! shutdown that lets requests in flight finish.
//!
//! `axum::serve` sets no timer on its connections, so a client that sends its headers a byte at
//! a time (slowloris) could hold a connection, and its task, for as long as it likes. Here hyper
//! reads each request's head against a deadline, which starts when the server waits for a
//! request (so an idle keep-alive connection is closed after the same time). The request itself
//! then has the request time limits of `http::timeout`.

use std::future::Future;
use std::net::SocketAddr;
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tower::{Service, ServiceExt};

/// How long a client has to send a request's line and headers, from the moment the server
/// waits for them (a new connection, or the end of the previous response on a kept-alive one).
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);

/// Serves `router` on `listener` until `shutdown` completes; in-flight requests finish first.
/// A client that does not send a request's headers within [`HEADER_READ_TIMEOUT`] is
/// disconnected. Responses go out without Nagle's delay (`TCP_NODELAY`, as nginx does on
/// keep-alive connections): the last segment of a response never waits for the client's ACK.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let mut connections = router.into_make_service_with_connect_info::<SocketAddr>();
    // Every connection's task holds a receiver of `stopping` (told when to finish) and a clone of
    // `open`, dropped when it ends: `open.closed()` completes once all have ended.
    let (stop, stopping) = watch::channel(false);
    let (open_tx, open) = watch::channel(());
    tokio::pin!(shutdown);
    loop {
        let (tcp, peer) = tokio::select! {
            accepted = accept(&listener) => accepted,
            () = &mut shutdown => break,
        };
        if let Err(err) = tcp.set_nodelay(true) {
            tracing::debug!(error = %err, "cannot set TCP_NODELAY on a connection");
        }
        let Ok(ready) = ServiceExt::<SocketAddr>::ready(&mut connections).await;
        let Ok(service) = ready.call(peer).await;
        let mut stopping = stopping.clone();
        let open = open.clone();
        tokio::spawn(async move {
            let mut builder = http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(HEADER_READ_TIMEOUT);
            let connection = builder
                .serve_connection(TokioIo::new(tcp), TowerToHyperService::new(service))
                .with_upgrades();
            tokio::pin!(connection);
            let ended = tokio::select! {
                ended = connection.as_mut() => ended,
                () = async { drop(stopping.wait_for(|stop| *stop).await) } => {
                    connection.as_mut().graceful_shutdown();
                    connection.await
                }
            };
            if let Err(err) = ended {
                tracing::debug!(%peer, error = %err, "a connection ended with an error");
            }
            drop(open);
        });
    }
    drop(listener);
    drop(open);
    let _ = stop.send(true);
    open_tx.closed().await;
    Ok(())
}

/// The next connection. Errors of one connection (reset before it was accepted) are skipped;
/// others (no file descriptor left) are logged and retried after a second, as `axum::serve`
/// does, so the server never stops accepting.
async fn accept(listener: &TcpListener) -> (TcpStream, SocketAddr) {
    loop {
        match listener.accept().await {
            Ok(accepted) => return accepted,
            Err(err) if is_connection_error(&err) => {}
            Err(err) => {
                tracing::error!(error = %err, "cannot accept a connection; trying again in 1 s");
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }
    }
}

fn is_connection_error(err: &std::io::Error) -> bool {
    use std::io::ErrorKind;
    matches!(
        err.kind(),
        ErrorKind::ConnectionRefused | ErrorKind::ConnectionAborted | ErrorKind::ConnectionReset
    )
}
