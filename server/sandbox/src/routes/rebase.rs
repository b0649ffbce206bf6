//! `PUT /projects/:id/merge_requests/:merge_request_iid/rebase`.

use std::time::SystemTime;

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
use crate::store::repository::Person;
use crate::store::{CURRENT_USER, now};

pub(crate) fn routes() -> Router<App> {
    Router::new().route(
        "/projects/{id}/merge_requests/{merge_request_iid}/rebase",
        put(rebase),
    )
}

/// GitLab's `merge_error` when the rebase hits a conflict.
const REBASE_ERROR: &str =
    "Rebase failed: Rebase locally, resolve all conflicts, then push the branch.";

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
        let user = store.user(CURRENT_USER);
        let committer = Person::new(&user.name, &user.email);
        let project = &store.projects[&project_id];
        let mr = &project.merge_requests[&iid];
        let repository = &project.repository;
        let Some(head) = repository.branches.get(&mr.source_branch).cloned() else {
            return Err(forbidden("Source branch does not exist"));
        };
        if repository
            .protection(&mr.source_branch)
            .is_some_and(|p| !p.allow_force_push)
        {
            return Err(forbidden("Source branch is protected from force push"));
        }
        let target_head = repository.branches.get(&mr.target_branch).cloned();
        if mr.state != "opened" {
            return Err(ApiError::message(
                StatusCode::CONFLICT,
                "409 Conflict: Resource lock",
            ));
        }
        let source = mr.source_branch.clone();

        let project = store.project_mut(project_id);
        let outcome = match target_head {
            Some(onto) => project
                .repository
                .rebase(&head, &onto, &committer, SystemTime::now()),
            // Nothing to rebase onto: GitLab's rebase fails the same way.
            None => Err(Vec::new()),
        };
        let at = now();
        let mr = project.merge_requests.get_mut(&iid).expect("found above");
        match outcome {
            Ok(new_head) => {
                if new_head != head {
                    mr.updated_at = at;
                }
                mr.sha = new_head.clone();
                mr.merge_error = None;
                project.repository.branches.insert(source, new_head);
            }
            Err(_) => mr.merge_error = Some(REBASE_ERROR.to_owned()),
        }
        project.touch();
        Ok(ok(
            StatusCode::ACCEPTED,
            json!({"rebase_in_progress": true}),
        ))
    })
}
