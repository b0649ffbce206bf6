//! The state a running sandbox shares between its handle, the recording layer and the routes.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use tokio::sync::watch;

use crate::faults::Faults;
use crate::recording::RecordedRequest;
use crate::store::Store;

/// What the routes and the recording layer share.
#[derive(Clone)]
pub(crate) struct App {
    shared: Arc<Shared>,
    /// Flips to `true` on shutdown; stalled requests wait for it.
    pub shutdown: watch::Receiver<bool>,
}

struct Shared {
    store: Mutex<Store>,
    requests: Mutex<Vec<RecordedRequest>>,
    faults: Mutex<Faults>,
}

impl App {
    /// A fresh store holding the demo data, no requests recorded and no faults armed.
    pub(crate) fn new(store: Store, shutdown: watch::Receiver<bool>) -> App {
        App {
            shared: Arc::new(Shared {
                store: Mutex::new(store),
                requests: Mutex::new(Vec::new()),
                faults: Mutex::new(Faults::default()),
            }),
            shutdown,
        }
    }

    /// Runs `f` on the state. A panic in an earlier handler does not lock the sandbox up.
    pub(crate) fn with_store<T>(&self, f: impl FnOnce(&mut Store) -> T) -> T {
        f(&mut self
            .shared
            .store
            .lock()
            .unwrap_or_else(PoisonError::into_inner))
    }

    pub(crate) fn lock_requests(&self) -> MutexGuard<'_, Vec<RecordedRequest>> {
        self.shared
            .requests
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    pub(crate) fn lock_faults(&self) -> MutexGuard<'_, Faults> {
        self.shared
            .faults
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }
}
