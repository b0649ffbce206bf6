//! `PUT /projects/:id/merge_requests/:merge_request_iid/merge`.

use axum::Router;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::put;

use super::merge_requests::{find, render};
use crate::app::App;
use crate::params::Params;
use crate::reply::{ApiError, ok};
use crate::store::merge_requests::{MergeChoices, Unmergeable};

pub(crate) fn routes() -> Router<App> {
    Router::new().route(
        "/projects/{id}/merge_requests/{merge_request_iid}/merge",
        put(merge),
    )
}

fn not_allowed() -> ApiError {
    ApiError::message(StatusCode::METHOD_NOT_ALLOWED, "405 Method Not Allowed")
}

fn cannot_merge() -> ApiError {
    ApiError::message(StatusCode::UNPROCESSABLE_ENTITY, "Branch cannot be merged")
}

/// In GitLab's order: 405 unless open, not a draft and approved; 422 when a branch is gone
/// or the branches conflict; 409 when `sha` is not the source head. Then the target gets a
/// merge commit with the source's changes (after one squash commit when squashing), and the
/// source branch is removed when asked (here or on the merge request).
///
/// `auto_merge` (or the older `merge_when_pipeline_succeeds`) with a head pipeline still
/// running sets the merge request
/// to merge when it succeeds instead (200, still open, with the squash and removal choices
/// kept); approvals are not needed yet for that, as they are awaited too. Pipelines never
/// finish here, so such a merge request stays open. Without a running pipeline the flag
/// merges at once, by the rules above.
async fn merge(
    State(app): State<App>,
    Path((id, mr_iid)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let sha = params.str("sha")?;
        let squash = params.bool("squash")?;
        let remove_source = params.bool("should_remove_source_branch")?;
        let merge_message = params.text("merge_commit_message")?;
        let squash_message = params.text("squash_commit_message")?;
        // `auto_merge` since GitLab 17.11; the older name still works.
        let when_pipeline_succeeds = match params.bool("auto_merge")? {
            Some(auto) => Some(auto),
            None => params.bool("merge_when_pipeline_succeeds")?,
        };
        let (project_id, iid) = find(store, &id, &mr_iid)?;
        let choices = MergeChoices {
            squash,
            remove_source,
            merge_message,
            squash_message,
        };
        let refused = |reason| match reason {
            Unmergeable::NotAllowed => not_allowed(),
            Unmergeable::CannotBeMerged => cannot_merge(),
        };
        if when_pipeline_succeeds == Some(true) && store.pipeline_running(project_id, iid) {
            let mr = &store.projects[&project_id].merge_requests[&iid];
            if mr.state != "opened" || mr.is_draft() {
                return Err(not_allowed());
            }
            store.set_auto_merge(project_id, iid, &choices);
            return Ok(ok(StatusCode::OK, render(store, project_id, iid)));
        }
        store.merge_check(project_id, iid).map_err(refused)?;
        let project = &store.projects[&project_id];
        let head = &project.repository.branches[&project.merge_requests[&iid].source_branch];
        if sha.as_ref().is_some_and(|sha| sha != head) {
            let message = format!("SHA does not match HEAD of source branch: {head}");
            return Err(ApiError::message(StatusCode::CONFLICT, message));
        }
        store.merge_now(project_id, iid, choices).map_err(refused)?;
        Ok(ok(StatusCode::OK, render(store, project_id, iid)))
    })
}
