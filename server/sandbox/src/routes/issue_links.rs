//! Linked issues: `GET|POST /projects/:id/issues/:issue_iid/links` and
//! `GET|DELETE …/links/:issue_link_id`.

use axum::Router;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use serde_json::Value;

use super::issues::find;
use super::lookups::record_not_found;
use crate::app::App;
use crate::params::Params;
use crate::reply::{ApiError, ok};
use crate::store::Store;
use crate::store::issue_links::LinkRefusal;

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route(
            "/projects/{id}/issues/{issue_iid}/links",
            get(list).post(create),
        )
        .route(
            "/projects/{id}/issues/{issue_iid}/links/{issue_link_id}",
            get(show).delete(remove),
        )
}

/// The issue's global id, from the path.
fn issue_id(store: &Store, id: &str, issue_iid: &str) -> Result<u64, ApiError> {
    let (project_id, iid) = find(store, id, issue_iid)?;
    Ok(store.projects[&project_id].issues[&iid].id)
}

/// Not paginated (GitLab sends every linked issue at once), oldest link first.
async fn list(
    State(app): State<App>,
    Path((id, issue_iid)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let issue = issue_id(store, &id, &issue_iid)?;
        Ok(ok(
            StatusCode::OK,
            Value::Array(store.related_issues_json(issue)),
        ))
    })
}

/// `target_project_id` (id or path) and `target_issue_iid` name the other issue;
/// `link_type` is `relates_to` (the default), `blocks` or `is_blocked_by`, which GitLab
/// stores as `blocks` from the other issue (and answers so). Refused as GitLab does: 409
/// `Issue(s) already assigned` when the two are linked either way, 422 for a link to itself.
/// Both issues get a system note.
async fn create(
    State(app): State<App>,
    Path((id, issue_iid)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require(&["target_project_id", "target_issue_iid"])?;
        let link_type = params
            .choice("link_type", &["relates_to", "blocks", "is_blocked_by"])?
            .unwrap_or_else(|| "relates_to".to_owned());
        let target_project = params.str("target_project_id")?.unwrap_or_default();
        let target_iid = params.str("target_issue_iid")?.unwrap_or_default();
        let source = issue_id(store, &id, &issue_iid)?;
        let target_project = store.project_id(&target_project)?;
        let target = target_iid
            .trim()
            .parse::<u64>()
            .ok()
            .and_then(|iid| store.projects[&target_project].issues.get(&iid))
            .map(|issue| issue.id)
            .ok_or_else(record_not_found)?;
        match store.link_issues(source, target, &link_type) {
            Ok(index) => Ok(ok(
                StatusCode::CREATED,
                store.issue_link_json(&store.issue_links[index]),
            )),
            Err(LinkRefusal::AlreadyLinked) => Err(ApiError::message(
                StatusCode::CONFLICT,
                "Issue(s) already assigned",
            )),
            Err(LinkRefusal::ToItself(reference)) => Err(ApiError::message(
                StatusCode::UNPROCESSABLE_ENTITY,
                format!("{reference} cannot be added: cannot be related to itself"),
            )),
        }
    })
}

/// The link `:issue_link_id` of this issue (at either end), or `404 Not found`.
fn find_link(store: &Store, issue: u64, link_id: &str) -> Result<usize, ApiError> {
    let link_id: u64 = link_id.trim().parse().map_err(|_| record_not_found())?;
    store
        .issue_links
        .iter()
        .position(|l| l.id == link_id && l.involves(issue))
        .ok_or_else(record_not_found)
}

async fn show(
    State(app): State<App>,
    Path((id, issue_iid, link_id)): Path<(String, String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let issue = issue_id(store, &id, &issue_iid)?;
        let index = find_link(store, issue, &link_id)?;
        Ok(ok(
            StatusCode::OK,
            store.issue_link_json(&store.issue_links[index]),
        ))
    })
}

/// 200 with the deleted link (GitLab answers with it, not 204); both issues get the system
/// note "removed the relation with …".
async fn remove(
    State(app): State<App>,
    Path((id, issue_iid, link_id)): Path<(String, String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let issue = issue_id(store, &id, &issue_iid)?;
        let index = find_link(store, issue, &link_id)?;
        let body = store.issue_link_json(&store.issue_links[index]);
        store.unlink_issues(index);
        Ok(ok(StatusCode::OK, body))
    })
}
