//! Stopping stdio without losing an answer. Told to stop (SIGTERM from the client or a
//! service manager, Ctrl-C at a terminal), the server takes no new request — each is
//! answered with an error saying so — and lets the calls in flight finish: their answers
//! are written, then the transport reports the end of its input, as when stdin closes. A
//! change GitLab made is so never left unreported because the server was told to stop.
//! The caller bounds the wait ([`GRACE`]).
//!
//! Answers to the server's own requests (a user's answer to an elicitation) are still
//! read while stopping: a call waiting for one can finish.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use rmcp::model::{
    ClientJsonRpcMessage, ClientNotification, ErrorCode, JsonRpcMessage, RequestId,
    ServerJsonRpcMessage,
};
use tokio::sync::Notify;

use crate::incoming::Refusal;

/// How long calls in flight are given to finish once the server is told to stop: under the
/// ten seconds after which container runtimes and service managers kill a process that
/// was asked to stop.
pub const GRACE: Duration = Duration::from_secs(8);

/// JSON-RPC's implementation-defined server error: not taken now.
const STOPPING: ErrorCode = ErrorCode(-32000);

/// The requests read and not yet answered, and whether the server is stopping. Clones
/// share them.
#[derive(Clone, Default)]
pub struct Stop(Arc<Shared>);

#[derive(Default)]
struct Shared {
    stopping: AtomicBool,
    in_flight: Mutex<HashSet<RequestId>>,
    changed: Notify,
}

impl Stop {
    /// From now on, no new request is served.
    pub fn begin(&self) {
        self.0.stopping.store(true, Ordering::SeqCst);
        self.0.changed.notify_waiters();
    }

    fn stopping(&self) -> bool {
        self.0.stopping.load(Ordering::SeqCst)
    }

    /// Takes in a message read: a request is in flight from now on, or, once stopping,
    /// gets the refusal returned instead of being served; a cancellation ends its
    /// request's flight (a cancelled call is never answered).
    pub(crate) fn admit(&self, message: &ClientJsonRpcMessage) -> Option<Refusal> {
        match message {
            JsonRpcMessage::Request(request) if self.stopping() => Some(Refusal {
                code: STOPPING,
                message: "The server is stopping: it finishes the calls in flight and takes \
                          no new one; send this request again to the server your client \
                          starts next"
                    .to_owned(),
                id: Some(request.id.clone()),
                answerable: true,
            }),
            JsonRpcMessage::Request(request) => {
                self.in_flight().insert(request.id.clone());
                None
            }
            JsonRpcMessage::Notification(notification) => {
                if let ClientNotification::CancelledNotification(cancelled) =
                    &notification.notification
                    && let Some(id) = &cancelled.params.request_id
                {
                    self.landed(id);
                }
                None
            }
            JsonRpcMessage::Response(_) | JsonRpcMessage::Error(_) => None,
        }
    }

    /// Notes a message written: an answer ends its request's flight.
    pub(crate) fn sent(&self, message: &ServerJsonRpcMessage) {
        match message {
            JsonRpcMessage::Response(response) => self.landed(&response.id),
            JsonRpcMessage::Error(error) => {
                if let Some(id) = &error.id {
                    self.landed(id);
                }
            }
            JsonRpcMessage::Request(_) | JsonRpcMessage::Notification(_) => {}
        }
    }

    /// Resolves once the server is stopping and no request is in flight.
    pub(crate) async fn done(&self) {
        loop {
            let changed = self.0.changed.notified();
            tokio::pin!(changed);
            changed.as_mut().enable();
            if self.stopping() && self.in_flight().is_empty() {
                return;
            }
            changed.await;
        }
    }

    fn landed(&self, id: &RequestId) {
        if self.in_flight().remove(id) {
            self.0.changed.notify_waiters();
        }
    }

    fn in_flight(&self) -> MutexGuard<'_, HashSet<RequestId>> {
        self.0
            .in_flight
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }
}
