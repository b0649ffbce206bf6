//! `/projects/:id/issues/:issue_iid/participants` and `/projects/:id/merge_requests/
//! :merge_request_iid/participants`: who takes part, in the order GitLab finds them — the
//! author, the assignees (and a merge request's reviewers), then whoever wrote a note.

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::response::Response;
use axum::routing::get;

use super::lookups;
use crate::app::App;
use crate::pagination::paginate;
use crate::params::Params;
use crate::reply::ApiError;
use crate::store::Store;
use crate::store::notes::Discussion;

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route(
            "/projects/{id}/issues/{issue_iid}/participants",
            get(of_issue),
        )
        .route(
            "/projects/{id}/merge_requests/{merge_request_iid}/participants",
            get(of_merge_request),
        )
}

async fn of_issue(
    State(app): State<App>,
    OriginalUri(uri): OriginalUri,
    Path((id, iid)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let (project, iid) = lookups::issue(store, &id, "issue_iid", &iid)?;
        let issue = &store.projects[&project].issues[&iid];
        let first = [issue.author_id]
            .into_iter()
            .chain(issue.assignee_ids.clone());
        let people = participants(store, first.collect(), &issue.discussions);
        paginate(people, &params, &store.base, &uri)
    })
}

async fn of_merge_request(
    State(app): State<App>,
    OriginalUri(uri): OriginalUri,
    Path((id, iid)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let (project, iid) = lookups::merge_request(store, &id, "merge_request_iid", &iid)?;
        let mr = &store.projects[&project].merge_requests[&iid];
        let first = [mr.author_id]
            .into_iter()
            .chain(mr.assignee_ids.clone())
            .chain(mr.reviewer_ids.clone());
        let people = participants(store, first.collect(), &mr.discussions);
        paginate(people, &params, &store.base, &uri)
    })
}

/// `first`, then the authors of the notes people wrote (not the system's), each once.
fn participants(
    store: &Store,
    first: Vec<u64>,
    discussions: &[Discussion],
) -> Vec<serde_json::Value> {
    let notes = discussions
        .iter()
        .flat_map(|discussion| &discussion.notes)
        .filter(|note| !note.system)
        .map(|note| note.author_id);
    let mut seen = Vec::new();
    for id in first.into_iter().chain(notes) {
        if !seen.contains(&id) {
            seen.push(id);
        }
    }
    seen.into_iter().map(|id| store.user_json(id)).collect()
}
