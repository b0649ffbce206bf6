//! Finding issues and merge requests by the ids in the path, with GitLab's answers when they
//! are not there; and what notes and discussions routes share about the thing they hang on
//! (a "noteable": an issue or a merge request).

use axum::http::StatusCode;

use crate::reply::ApiError;
use crate::store::notes::{Discussion, Noteable};
use crate::store::quick_actions::On;
use crate::store::{Project, Store};

/// `404 Not found` (lower-case "found"): GitLab's answer when a record lookup fails
/// (`ActiveRecord::RecordNotFound`): an issue or merge request by iid, a note, an issue link.
pub(super) fn record_not_found() -> ApiError {
    ApiError::message(StatusCode::NOT_FOUND, "404 Not found")
}

/// An iid from the path, or Grape's `<name> is invalid`.
fn iid(name: &str, text: &str) -> Result<u64, ApiError> {
    text.parse().map_err(|_| crate::params::invalid(name))
}

/// The merge request `:merge_request_iid` of project `:id`. GitLab reads the iid as an
/// integer named `name` (`merge_request_iid`, or `noteable_id` on the notes routes).
pub(super) fn merge_request(
    store: &Store,
    id: &str,
    name: &str,
    mr_iid: &str,
) -> Result<(u64, u64), ApiError> {
    let project_id = store.project_id(id)?;
    let iid = iid(name, mr_iid)?;
    if store.projects[&project_id]
        .merge_requests
        .contains_key(&iid)
    {
        Ok((project_id, iid))
    } else {
        Err(record_not_found())
    }
}

/// The issue `:issue_iid` of project `:id` (see [`merge_request`]).
pub(super) fn issue(
    store: &Store,
    id: &str,
    name: &str,
    issue_iid: &str,
) -> Result<(u64, u64), ApiError> {
    let project_id = store.project_id(id)?;
    let iid = iid(name, issue_iid)?;
    if store.projects[&project_id].issues.contains_key(&iid) {
        Ok((project_id, iid))
    } else {
        Err(record_not_found())
    }
}

/// Which kind of thing a notes or discussions route is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    Issue,
    MergeRequest,
}

/// An issue or merge request found from the path.
#[derive(Debug, Clone, Copy)]
pub(super) struct Target {
    pub project_id: u64,
    pub kind: Kind,
    pub iid: u64,
}

impl Target {
    /// GitLab's notes and discussions routes name the iid `noteable_id`.
    pub fn find(
        store: &Store,
        id: &str,
        kind: Kind,
        noteable_id: &str,
    ) -> Result<Target, ApiError> {
        let (project_id, iid) = match kind {
            Kind::Issue => issue(store, id, "noteable_id", noteable_id)?,
            Kind::MergeRequest => merge_request(store, id, "noteable_id", noteable_id)?,
        };
        Ok(Target {
            project_id,
            kind,
            iid,
        })
    }

    pub fn project<'a>(&self, store: &'a Store) -> &'a Project {
        &store.projects[&self.project_id]
    }

    /// What the notes' `noteable_*` fields name.
    pub fn noteable(&self, store: &Store) -> Noteable {
        let project = self.project(store);
        match self.kind {
            Kind::Issue => Noteable::Issue {
                id: project.issues[&self.iid].id,
                iid: self.iid,
            },
            Kind::MergeRequest => Noteable::MergeRequest {
                id: project.merge_requests[&self.iid].id,
                iid: self.iid,
            },
        }
    }

    pub fn discussions<'a>(&self, store: &'a Store) -> &'a [Discussion] {
        let project = self.project(store);
        match self.kind {
            Kind::Issue => &project.issues[&self.iid].discussions,
            Kind::MergeRequest => &project.merge_requests[&self.iid].discussions,
        }
    }

    /// The discussions, to change them. The issue or merge request and the project are
    /// marked as updated `now`: in GitLab a note changes its noteable's `updated_at`.
    pub fn discussions_mut<'a>(&self, store: &'a mut Store, now: &str) -> &'a mut Vec<Discussion> {
        let project = store.project_mut(self.project_id);
        project.last_activity_at = now.to_owned();
        match self.kind {
            Kind::Issue => {
                let issue = project.issues.get_mut(&self.iid).expect("found first");
                issue.updated_at = now.to_owned();
                &mut issue.discussions
            }
            Kind::MergeRequest => {
                let mr = project
                    .merge_requests
                    .get_mut(&self.iid)
                    .expect("found first");
                mr.updated_at = now.to_owned();
                &mut mr.discussions
            }
        }
    }

    /// What quick actions written here act on.
    pub fn on(&self) -> On {
        match self.kind {
            Kind::Issue => On::Issue(self.project_id, self.iid),
            Kind::MergeRequest => On::MergeRequest(self.project_id, self.iid),
        }
    }

    /// Threads started here can be resolved: GitLab's rule is merge requests only.
    pub fn resolvable(&self) -> bool {
        self.kind == Kind::MergeRequest
    }
}
