//! What the subscription and time tracking routes share: the issue or merge request the
//! path names, and its full entity.

use serde_json::Value;

use super::{issues, merge_requests};
use crate::reply::ApiError;
use crate::store::Store;
use crate::store::tracking::Issuable;

/// Which collection the path names: `issues` or `merge_requests`.
#[derive(Debug, Clone, Copy)]
pub(super) enum Collection {
    Issues,
    MergeRequests,
}

impl Collection {
    /// The issue or merge request `:iid` of project `:id`, with GitLab's 404s.
    pub fn find(self, store: &Store, id: &str, iid: &str) -> Result<Issuable, ApiError> {
        Ok(match self {
            Collection::Issues => {
                let (project, iid) = issues::find(store, id, iid)?;
                Issuable::Issue(project, iid)
            }
            Collection::MergeRequests => {
                let (project, iid) = merge_requests::find(store, id, iid)?;
                Issuable::MergeRequest(project, iid)
            }
        })
    }
}

/// The issue or merge request entity, as `GET …/:iid` shows it.
pub(super) fn render(store: &Store, issuable: Issuable) -> Value {
    match issuable {
        Issuable::Issue(project, iid) => issues::render(store, project, iid),
        Issuable::MergeRequest(project, iid) => merge_requests::render(store, project, iid),
    }
}
