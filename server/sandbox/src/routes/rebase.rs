//! `PUT /projects/:id/merge_requests/:merge_request_iid/rebase`.

use axum::Router;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::put;
use serde_json::json;

use super::merge_requests::find;
use crate::app::App;
use crate::params::Params;
use crate::reply::{ApiError, ok};
use crate::store::merge_requests::RebaseRefusal;

pub(crate) fn routes() -> Router<App> {
    Router::new().route(
        "/projects/{id}/merge_requests/{merge_request_iid}/rebase",
        put(rebase),
    )
}

fn forbidden(reason: &str) -> ApiError {
    ApiError::message(StatusCode::FORBIDDEN, format!("403 Forbidden - {reason}"))
}

/// In GitLab's order: 403 when the source branch is gone or protected from force pushes
/// (its rebase service's checks), 409 `409 Conflict: Resource lock` unless the merge
/// request is open. Then 202 `{"rebase_in_progress": true}`: GitLab rebases in the
/// background; the sandbox has already done it. The source branch's own commits are
/// replayed on the target head as new commits (committed by the current user), so the
/// merge request's diff refs, commits and `diverged_commits_count` follow; approvals stay
/// (GitLab keeps them on a rebase it made). On a conflict the branch does not move and the
/// merge request's `merge_error` says so. `skip_ci` is accepted: the sandbox starts no
/// pipeline for the new head either way.
async fn rebase(
    State(app): State<App>,
    Path((id, mr_iid)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.bool("skip_ci")?;
        let (project_id, iid) = find(store, &id, &mr_iid)?;
        match store.rebase_check(project_id, iid) {
            Ok(()) => store.rebase_merge_request(project_id, iid),
            Err(RebaseRefusal::SourceBranchGone) => {
                return Err(forbidden("Source branch does not exist"));
            }
            Err(RebaseRefusal::Protected) => {
                return Err(forbidden("Source branch is protected from force push"));
            }
            Err(RebaseRefusal::NotOpen) => {
                return Err(ApiError::message(
                    StatusCode::CONFLICT,
                    "409 Conflict: Resource lock",
                ));
            }
        }
        Ok(ok(
            StatusCode::ACCEPTED,
            json!({"rebase_in_progress": true}),
        ))
    })
}
