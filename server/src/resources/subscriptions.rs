//! Resource subscriptions: a client that watches a resource — a pipeline until it
//! finishes, a merge request while it is reviewed — hears `notifications/resources/updated`
//! when what the resource holds changes. GitLab tells nobody, so each watched resource is
//! read again every [`POLL_INTERVAL`] through the same catalog reads, and compared with
//! what it held before.
//!
//! On 2025-11-25 a session subscribes with `resources/subscribe` and stops with
//! `resources/unsubscribe` ([`Session`]); on 2026-07-28 the client names the URIs in
//! `subscriptions/listen` and watches as long as that request stays open ([`listen`]).
//! Either way, at most [`MAX_WATCHED`] resources per subscriber, and a URI must read
//! (exist, and be allowed) when it is subscribed to.

use std::collections::BTreeMap;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use rmcp::ErrorData as McpError;
use rmcp::model::{ResourceContents, ResourceUpdatedNotificationParam, SubscriptionFilter};
use rmcp::service::{Peer, RoleServer, SubscriptionContext};
use serde_json::json;

use super::{contents, read_error, uri};
use crate::access::Access;
use crate::call::{ReadError, Reads};
use crate::gitlab::GitLab;

/// How often a watched resource is read again, unless the server says otherwise
/// ([`crate::handler::GitLabMcp::polling_every`]).
pub const POLL_INTERVAL: Duration = Duration::from_secs(30);
/// Resources one subscriber watches at most.
pub const MAX_WATCHED: usize = 20;

/// What a resource holds, as a digest; a read that failed is its own state (a deleted
/// issue is an update too).
async fn digest(reads: &Reads<'_>, target: &uri::Target) -> Result<u64, ReadError> {
    let read = contents(reads, target).await?;
    Ok(hash(&read))
}

fn hash(read: &ResourceContents) -> u64 {
    let mut hasher = DefaultHasher::new();
    serde_json::to_string(read)
        .unwrap_or_default()
        .hash(&mut hasher);
    hasher.finish()
}

/// What a read says of the resource's state: its digest, `Some(None)` when GitLab no
/// longer has it (a deleted issue is an update too), `None` when the read failed for
/// another reason and says nothing (GitLab down for a moment is no update).
fn state(read: Result<u64, ReadError>) -> Option<Option<u64>> {
    match read {
        Ok(digest) => Some(Some(digest)),
        Err(ReadError::NotFound(_)) => Some(None),
        Err(_) => None,
    }
}

/// One watched resource: what it held, and the client (the token) it is read with.
struct Watched {
    target: Option<uri::Target>,
    last: Option<u64>,
    gitlab: GitLab,
}

/// The `resources/subscribe` subscriptions of one session, and the task that watches them.
#[derive(Default)]
pub struct Session {
    inner: Mutex<SessionState>,
}

#[derive(Default)]
struct SessionState {
    watched: BTreeMap<String, Watched>,
    watching: bool,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("watched", &self.lock().watched.keys().collect::<Vec<_>>())
            .finish()
    }
}

impl Session {
    fn lock(&self) -> std::sync::MutexGuard<'_, SessionState> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Subscribes to a resource that never changes (a conformance fixture): accepted,
    /// and never read again.
    #[cfg(feature = "conformance")]
    pub fn subscribe_fixed(
        self: &Arc<Self>,
        resource: &str,
        gitlab: GitLab,
    ) -> Result<(), McpError> {
        let mut state = self.lock();
        check_room(&state.watched, resource)?;
        state.watched.insert(
            resource.to_owned(),
            Watched {
                target: None,
                last: None,
                gitlab,
            },
        );
        Ok(())
    }

    /// Subscribes to `resource`, which must read now; starts watching when nothing was.
    pub async fn subscribe(
        self: &Arc<Self>,
        resource: &str,
        gitlab: GitLab,
        access: &Access,
        peer: Peer<RoleServer>,
        every: Duration,
    ) -> Result<(), McpError> {
        let target = uri::parse(resource).map_err(|why| {
            McpError::resource_not_found(
                format!("no resource `{resource}` to subscribe to: {why}"),
                Some(json!({"uri": resource})),
            )
        })?;
        check_room(&self.lock().watched, resource)?;
        let reads = Reads::new(&gitlab, access);
        let last = digest(&reads, &target)
            .await
            .map_err(|error| read_error(resource, error))?;
        let start = {
            let mut state = self.lock();
            check_room(&state.watched, resource)?;
            state.watched.insert(
                resource.to_owned(),
                Watched {
                    target: Some(target),
                    last: Some(last),
                    gitlab,
                },
            );
            !std::mem::replace(&mut state.watching, true)
        };
        if start {
            tokio::spawn(Arc::clone(self).watch(access.clone(), peer, every));
        }
        Ok(())
    }

    /// Stops watching `resource`; unsubscribing from what is not watched is no error.
    pub fn unsubscribe(&self, resource: &str) {
        self.lock().watched.remove(resource);
    }

    /// Reads every watched resource `every` so often and says which changed, until none
    /// is watched or the session is gone.
    async fn watch(self: Arc<Self>, access: Access, peer: Peer<RoleServer>, every: Duration) {
        loop {
            tokio::time::sleep(every).await;
            let due: Vec<(String, uri::Target, Option<u64>, GitLab)> = {
                let mut state = self.lock();
                if state.watched.is_empty() || peer.is_transport_closed() {
                    state.watching = false;
                    return;
                }
                state
                    .watched
                    .iter()
                    .filter_map(|(resource, watched)| {
                        let target = watched.target.clone()?;
                        Some((
                            resource.clone(),
                            target,
                            watched.last,
                            watched.gitlab.clone(),
                        ))
                    })
                    .collect()
            };
            for (resource, target, last, gitlab) in due {
                let Some(now) = state(digest(&Reads::new(&gitlab, &access), &target).await) else {
                    continue;
                };
                if now == last {
                    continue;
                }
                if let Some(watched) = self.lock().watched.get_mut(&resource) {
                    watched.last = now;
                } else {
                    continue;
                }
                let update = ResourceUpdatedNotificationParam::new(resource);
                if peer.notify_resource_updated(update).await.is_err() {
                    // The session is gone.
                    let mut state = self.lock();
                    state.watching = false;
                    state.watched.clear();
                    return;
                }
            }
        }
    }
}

fn check_room(watched: &BTreeMap<String, Watched>, resource: &str) -> Result<(), McpError> {
    if watched.len() >= MAX_WATCHED && !watched.contains_key(resource) {
        return Err(McpError::invalid_params(
            format!(
                "this session already watches {MAX_WATCHED} resources, the most it may; unsubscribe from one first"
            ),
            Some(json!({"uri": resource})),
        ));
    }
    Ok(())
}

/// The part of a `subscriptions/listen` filter this server honours: resource updates, for
/// at most [`MAX_WATCHED`] URIs that name resources (`fixed` says which URIs name
/// resources that never change). List changes are never sent: the lists do not change
/// while the server runs.
pub fn accepted(
    requested: &SubscriptionFilter,
    fixed: impl Fn(&str) -> bool,
) -> SubscriptionFilter {
    let uris: Vec<String> = requested
        .resource_subscriptions
        .iter()
        .flatten()
        .filter(|resource| fixed(resource) || uri::parse(resource).is_ok())
        .take(MAX_WATCHED)
        .cloned()
        .collect();
    SubscriptionFilter::builder()
        .resource_subscriptions(uris)
        .build()
}

/// Serves one `subscriptions/listen` until the client ends it: the accepted resources
/// are read now, then `every` so often, and each change is sent on the stream.
pub async fn listen(context: SubscriptionContext, gitlab: GitLab, access: Access, every: Duration) {
    let reads = Reads::new(&gitlab, &access);
    let mut watched: Vec<(String, uri::Target, Option<u64>)> = Vec::new();
    for resource in context.accepted().resource_subscriptions.iter().flatten() {
        if let Ok(target) = uri::parse(resource) {
            let last = state(digest(&reads, &target).await).flatten();
            watched.push((resource.clone(), target, last));
        }
    }
    loop {
        tokio::select! {
            () = context.cancelled() => return,
            () = tokio::time::sleep(every) => {}
        }
        for (resource, target, last) in &mut watched {
            let Some(now) = state(digest(&reads, target).await) else {
                continue;
            };
            if now == *last {
                continue;
            }
            *last = now;
            if context
                .sink()
                .notify_resource_updated(resource.clone())
                .await
                .is_err()
            {
                return;
            }
        }
    }
}
