//! A GitLab that lives in memory, on a loopback port: the subset of REST v4 the server uses
//! (projects, issues, merge requests, releases), with GitLab's rules and error bodies.
//!
//! `--sandbox` runs the server against it so anyone can try every tool with no GitLab account;
//! the tests use it as their fake GitLab (it records every request and can be told to fail).
//! It starts with one demo project: id 1, `demo/sandbox`, branches `main` and `feature/x`, tag
//! `v1.0.0`. State lives as long as the [`Sandbox`]. Any token, or none, is accepted: the one user
//! (`demo`) owns everything.

mod faults;
mod params;
mod recording;
mod reply;
mod routes;
mod store;

use std::io;
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use axum::http::Method;
use tokio::sync::watch;
use tokio::task::JoinHandle;
use url::Url;

pub use faults::{FaultReply, FaultSpec};
pub use recording::{RecordedRequest, RecordedSecret};

use faults::Faults;
use store::Store;

/// What the routes and the recording layer share.
#[derive(Clone)]
pub(crate) struct App {
    shared: Arc<Shared>,
    /// Flips to `true` on shutdown; stalled requests wait for it.
    shutdown: watch::Receiver<bool>,
}

struct Shared {
    store: Mutex<Store>,
    requests: Mutex<Vec<RecordedRequest>>,
    faults: Mutex<Faults>,
}

impl App {
    /// Runs `f` on the state. A panic in an earlier handler does not lock the sandbox up.
    pub(crate) fn with_store<T>(&self, f: impl FnOnce(&mut Store) -> T) -> T {
        f(&mut self
            .shared
            .store
            .lock()
            .unwrap_or_else(PoisonError::into_inner))
    }

    fn lock_requests(&self) -> MutexGuard<'_, Vec<RecordedRequest>> {
        self.shared
            .requests
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    fn lock_faults(&self) -> MutexGuard<'_, Faults> {
        self.shared
            .faults
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }
}

/// A running sandbox GitLab. Dropping it (or [`Sandbox::shutdown`]) stops the server.
pub struct Sandbox {
    base_url: Url,
    app: App,
    stop: watch::Sender<bool>,
    server: Option<JoinHandle<io::Result<()>>>,
}

impl Sandbox {
    /// Serves on `127.0.0.1` at a free port.
    pub async fn start() -> io::Result<Sandbox> {
        Sandbox::start_on(SocketAddr::from((Ipv4Addr::LOCALHOST, 0))).await
    }

    /// Serves on `address` (port 0: any free port).
    pub async fn start_on(address: SocketAddr) -> io::Result<Sandbox> {
        let listener = tokio::net::TcpListener::bind(address).await?;
        let local = listener.local_addr()?;
        let base_url = Url::parse(&format!("http://{local}/")).map_err(|e| {
            io::Error::other(format!("the sandbox address {local} is not a URL: {e}"))
        })?;
        let (stop, shutdown) = watch::channel(false);
        let app = App {
            shared: Arc::new(Shared {
                store: Mutex::new(Store::new(&base_url)),
                requests: Mutex::new(Vec::new()),
                faults: Mutex::new(Faults::default()),
            }),
            shutdown: shutdown.clone(),
        };
        let router = routes::router(app.clone());
        let mut stopped = shutdown;
        let server = tokio::spawn(async move {
            axum::serve(listener, router)
                .with_graceful_shutdown(async move {
                    // An error means the handle is gone, which is a shutdown too.
                    let _ = stopped.wait_for(|stop| *stop).await;
                })
                .await
        });
        Ok(Sandbox {
            base_url,
            app,
            stop,
            server: Some(server),
        })
    }

    /// `http://127.0.0.1:<port>/`: the instance URL to give the client (it adds `/api/v4`).
    pub fn base_url(&self) -> Url {
        self.base_url.clone()
    }

    /// Every request received so far, oldest first, faulted ones included.
    pub fn requests(&self) -> Vec<RecordedRequest> {
        self.app.lock_requests().clone()
    }

    /// Only POST, PUT, PATCH and DELETE requests.
    pub fn writes(&self) -> Vec<RecordedRequest> {
        self.app
            .lock_requests()
            .iter()
            .filter(|r| r.is_write())
            .cloned()
            .collect()
    }

    pub fn clear_requests(&self) {
        self.app.lock_requests().clear();
    }

    /// The next `spec.times` requests, whatever they are, get `spec.reply`.
    pub fn fail_next(&self, spec: FaultSpec) {
        self.app.lock_faults().arm(spec, None, None);
    }

    /// The next `spec.times` requests with this method whose decoded path starts with
    /// `path_prefix` (with or without `/api/v4`, e.g. `/projects/1/issues`) get `spec.reply`.
    pub fn fail_matching(&self, method: Method, path_prefix: &str, spec: FaultSpec) {
        self.app
            .lock_faults()
            .arm(spec, Some(method), Some(path_prefix.to_owned()));
    }

    /// Disarms every fault not used up yet.
    pub fn clear_faults(&self) {
        self.app.lock_faults().clear();
    }

    /// Stops accepting, releases stalled requests, and waits for open connections to finish.
    pub async fn shutdown(mut self) -> io::Result<()> {
        let _ = self.stop.send(true);
        match self.server.take() {
            Some(server) => server.await.map_err(io::Error::other)?,
            None => Ok(()),
        }
    }
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        // The server task winds down by itself once told; nobody is left to wait for it.
        let _ = self.stop.send(true);
    }
}

impl std::fmt::Debug for Sandbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sandbox")
            .field("base_url", &self.base_url.as_str())
            .finish_non_exhaustive()
    }
}
