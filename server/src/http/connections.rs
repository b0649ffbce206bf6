//! The listener's side of HTTP: accepting at most `GITLAB_MCP_MAX_CONNECTIONS`
//! connections, and closing the ones that hold a file descriptor without using it.
//!
//! Each connection is served by hyper (HTTP/1.1, keep-alive) and watched:
//!
//! - a new connection must send a whole request head within `GITLAB_MCP_HEADER_TIMEOUT`
//!   (a silent connection, headers sent a byte at a time: slowloris);
//! - between requests, a connection may idle for `GITLAB_MCP_IDLE_TIMEOUT`; once the next
//!   request's first bytes arrive, its head must be complete within the header timeout;
//! - while a request is in flight (its body being read, bounded by the body timeout in
//!   [`super::messages`], its answer or stream being written) nothing is cut.
//!
//! At the cap, a new connection takes the place of the one that has waited longest with
//! no request in flight (idle, or still sending its head): valid clients keep being served
//! while idle or stalled connections hold every place. When every connection has a request
//! in flight, the new one is answered 503 at once and closed. The cap is kept below the
//! process's file-descriptor limit (see `settings`), so accepting never fails for want of
//! descriptors.

use std::collections::HashMap;
use std::convert::Infallible;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::body::{Body, Bytes};
use hyper::server::conn::http1;
use hyper_util::rt::TokioIo;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tower::ServiceExt;

/// The bounds on connections.
#[derive(Debug, Clone, Copy)]
pub(super) struct ConnectionLimits {
    pub max: usize,
    pub header_timeout: Duration,
    pub idle_timeout: Duration,
}

/// Accepts and serves connections until `stop` resolves; then accepts nothing more, lets
/// each connection finish the request it is serving (closing idle ones at once), and
/// returns once every connection is closed.
pub(super) async fn serve(
    listener: TcpListener,
    router: Router,
    limits: ConnectionLimits,
    stop: impl Future<Output = ()> + Send,
) {
    let places = Arc::new(Semaphore::new(limits.max));
    let open = Arc::new(Open::default());
    let stopping = CancellationToken::new();
    let tasks = TaskTracker::new();
    tokio::pin!(stop);
    loop {
        let (tcp, _) = tokio::select! {
            () = &mut stop => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    accept_failed(&error, &open).await;
                    continue;
                }
            },
        };
        let Some(place) = take_place(&places, &open).await else {
            refuse_busy(&tcp, limits.max, &open);
            continue;
        };
        // Small request/response exchanges: do not let Nagle hold back the last segment.
        let _ = tcp.set_nodelay(true);
        let watch = open.add();
        let (router, stopping, open) = (router.clone(), stopping.clone(), Arc::clone(&open));
        tasks.spawn(async move {
            serve_connection(tcp, &watch, router, limits, &stopping).await;
            open.remove(watch.id);
            drop(place);
        });
    }
    drop(listener);
    stopping.cancel();
    tasks.close();
    tasks.wait().await;
}

/// A place under the cap: a free one, or the one freed by closing the connection that has
/// waited longest with no request in flight; `None` when every connection is busy.
async fn take_place(places: &Arc<Semaphore>, open: &Open) -> Option<OwnedSemaphorePermit> {
    if let Ok(place) = Arc::clone(places).try_acquire_owned() {
        return Some(place);
    }
    if !open.evict_longest_waiting() {
        return None;
    }
    // The evicted connection's task ends at once and gives its place back.
    tokio::time::timeout(Duration::from_secs(1), Arc::clone(places).acquire_owned())
        .await
        .ok()?
        .ok()
}

/// 503 and close, without waiting on the client: the answer fits in the socket's buffer.
fn refuse_busy(tcp: &TcpStream, max: usize, open: &Open) {
    let body = format!(
        r#"{{"jsonrpc":"2.0","id":null,"error":{{"code":-32000,"message":"Server busy: all {max} connections (GITLAB_MCP_MAX_CONNECTIONS) have a request in flight; retry shortly"}}}}"#
    );
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nretry-after: 1\r\n\
         connection: close\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    );
    let _ = tcp.try_write(answer.as_bytes());
    let refused_so_far = open.refused.fetch_add(1, Ordering::Relaxed) + 1;
    if refused_so_far % 1000 == 1 {
        tracing::warn!(
            max,
            refused_so_far,
            "refused a connection: every connection has a request in flight (GITLAB_MCP_MAX_CONNECTIONS)"
        );
    }
}

async fn accept_failed(error: &io::Error, open: &Open) {
    // The peer gave up before it was accepted: nothing to do.
    if matches!(
        error.kind(),
        io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::ConnectionRefused
    ) {
        return;
    }
    // Out of descriptors (the limit was lowered under a running server, or something else
    // holds them): free one if a connection is only waiting, and pause rather than spin.
    tracing::error!("accepting a connection failed: {error}");
    open.evict_longest_waiting();
    tokio::time::sleep(Duration::from_millis(100)).await;
}

async fn serve_connection(
    tcp: TcpStream,
    watch: &Arc<Watch>,
    router: Router,
    limits: ConnectionLimits,
    stopping: &CancellationToken,
) {
    // The peer's address, for bounds per address (the OAuth proxy's registrations).
    let peer = tcp.peer_addr().ok();
    let io = TokioIo::new(Watched {
        io: tcp,
        watch: Arc::clone(watch),
    });
    let for_requests = Arc::clone(watch);
    let service = hyper::service::service_fn(move |mut request: hyper::Request<_>| {
        if let Some(peer) = peer {
            request
                .extensions_mut()
                .insert(axum::extract::ConnectInfo(peer));
        }
        let in_flight = InFlight::begin(&for_requests);
        let router = router.clone();
        async move {
            let response = router
                .oneshot(request.map(Body::new))
                .await
                .unwrap_or_else(|never: Infallible| match never {});
            Ok::<_, Infallible>(response.map(|body| {
                Body::new(Tracked {
                    body,
                    _in_flight: in_flight,
                })
            }))
        }
    });
    let connection = http1::Builder::new().serve_connection(io, service);
    tokio::pin!(connection);
    let mut shutting_down = false;
    loop {
        let deadline = watch.deadline(&limits);
        tokio::select! {
            served = connection.as_mut() => {
                if let Err(error) = served {
                    tracing::debug!("connection ended: {error}");
                }
                return;
            }
            () = watch.evicted.cancelled() => {
                tracing::debug!("closed a connection waiting with no request to make room");
                return;
            }
            () = stopping.cancelled(), if !shutting_down => {
                shutting_down = true;
                connection.as_mut().graceful_shutdown();
            }
            () = watch.changed.notified() => {}
            () = sleep_until(deadline), if deadline.is_some() => {
                if watch.deadline(&limits).is_some_and(|at| at <= Instant::now()) {
                    tracing::debug!("closed a connection that sent no complete request in time");
                    return;
                }
            }
        }
    }
}

async fn sleep_until(deadline: Option<Instant>) {
    match deadline {
        Some(deadline) => tokio::time::sleep_until(deadline).await,
        None => std::future::pending().await,
    }
}

/// The open connections, for eviction.
#[derive(Default)]
struct Open {
    next: AtomicU64,
    watches: Mutex<HashMap<u64, Arc<Watch>>>,
    /// Connections refused so far (logged every thousandth, not each).
    refused: AtomicU64,
}

impl Open {
    fn lock(&self) -> MutexGuard<'_, HashMap<u64, Arc<Watch>>> {
        self.watches.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn add(&self) -> Arc<Watch> {
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let watch = Arc::new(Watch {
            id,
            state: Mutex::new(State {
                in_flight: 0,
                waiting_since: Instant::now(),
                head_started: None,
                first: true,
            }),
            changed: Notify::new(),
            evicted: CancellationToken::new(),
        });
        self.lock().insert(id, Arc::clone(&watch));
        watch
    }

    fn remove(&self, id: u64) {
        self.lock().remove(&id);
    }

    /// Closes the connection that has waited longest with no request in flight; `false`
    /// when there is none.
    fn evict_longest_waiting(&self) -> bool {
        let watches = self.lock();
        let longest = watches
            .values()
            .filter(|watch| !watch.evicted.is_cancelled())
            .filter_map(|watch| {
                let state = watch.state();
                (state.in_flight == 0).then_some((state.waiting_since, watch))
            })
            .min_by_key(|(since, _)| *since);
        match longest {
            Some((_, watch)) => {
                watch.evicted.cancel();
                true
            }
            None => false,
        }
    }
}

/// What is known of one connection's use.
struct Watch {
    id: u64,
    state: Mutex<State>,
    /// Wakes the connection's task to look at its deadline again.
    changed: Notify,
    evicted: CancellationToken,
}

struct State {
    /// Requests whose head was read and whose answer is not yet all written.
    in_flight: usize,
    /// Since when no request has been in flight (the connection's start, or the end of
    /// the last answer).
    waiting_since: Instant,
    /// When the first bytes of the next request arrived, if they have.
    head_started: Option<Instant>,
    /// No request has been read yet.
    first: bool,
}

impl Watch {
    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// When the connection is to be closed as things stand; `None` while a request is in
    /// flight.
    fn deadline(&self, limits: &ConnectionLimits) -> Option<Instant> {
        let state = self.state();
        if state.in_flight > 0 {
            None
        } else if state.first {
            Some(state.waiting_since + limits.header_timeout)
        } else if let Some(started) = state.head_started {
            Some(started + limits.header_timeout)
        } else {
            Some(state.waiting_since + limits.idle_timeout)
        }
    }

    fn bytes_arrived(&self) {
        let mut state = self.state();
        if state.in_flight == 0 && state.head_started.is_none() {
            state.head_started = Some(Instant::now());
            drop(state);
            self.changed.notify_one();
        }
    }
}

/// One request in flight on a connection, from its head until its answer is all written
/// (the answer's body holds it).
struct InFlight(Arc<Watch>);

impl InFlight {
    fn begin(watch: &Arc<Watch>) -> Self {
        let mut state = watch.state();
        state.in_flight += 1;
        state.first = false;
        state.head_started = None;
        drop(state);
        watch.changed.notify_one();
        InFlight(Arc::clone(watch))
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        let mut state = self.0.state();
        state.in_flight -= 1;
        if state.in_flight == 0 {
            state.waiting_since = Instant::now();
        }
        drop(state);
        self.0.changed.notify_one();
    }
}

/// An answer's body, holding its request in flight until written (or dropped).
struct Tracked {
    body: Body,
    _in_flight: InFlight,
}

impl http_body::Body for Tracked {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Bytes>, axum::Error>>> {
        Pin::new(&mut self.get_mut().body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.body.size_hint()
    }
}

/// The connection's socket, telling its watch when bytes arrive.
struct Watched {
    io: TcpStream,
    watch: Arc<Watch>,
}

impl AsyncRead for Watched {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        let read = Pin::new(&mut this.io).poll_read(cx, buf);
        if matches!(read, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            this.watch.bytes_arrived();
        }
        read
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().io).poll_write(cx, buf)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().io).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }
}
