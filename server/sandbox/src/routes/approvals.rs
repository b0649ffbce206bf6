//! Merge request approvals: `GET …/approvals`, `GET …/approval_state`, `POST …/approve` and
//! `POST …/unapprove`; and its reviewers with the state their last review set,
//! `GET …/reviewers`.

use axum::Router;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::{get, post};

use super::merge_requests::find;
use crate::app::App;
use crate::params::Params;
use crate::reply::{ApiError, ok};
use crate::store::{CURRENT_USER, Store};

pub(crate) fn routes() -> Router<App> {
    let path = |tail: &str| format!("/projects/{{id}}/merge_requests/{{merge_request_iid}}/{tail}");
    Router::new()
        .route(&path("approvals"), get(approvals))
        .route(&path("approval_state"), get(approval_state))
        .route(&path("approve"), post(approve))
        .route(&path("unapprove"), post(unapprove))
        .route(&path("reviewers"), get(reviewers))
}

/// Each reviewer with their `state`: `unreviewed` until a published review of theirs set
/// it (`requested_changes`, `reviewed`), as GitLab lists them.
async fn reviewers(
    State(app): State<App>,
    Path((id, mr_iid)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let (project_id, iid) = find(store, &id, &mr_iid)?;
        let mr = &store.projects[&project_id].merge_requests[&iid];
        let listed: Vec<serde_json::Value> = mr
            .reviewer_ids
            .iter()
            .map(|user| {
                let state = mr
                    .reviewer_states
                    .get(user)
                    .map_or("unreviewed", String::as_str);
                serde_json::json!({
                    "user": store.user_json(*user),
                    "state": state,
                    "created_at": mr.created_at,
                })
            })
            .collect();
        Ok(ok(StatusCode::OK, serde_json::Value::Array(listed)))
    })
}

async fn approvals(
    State(app): State<App>,
    Path((id, mr_iid)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let (project_id, iid) = find(store, &id, &mr_iid)?;
        Ok(ok(StatusCode::OK, render(store, project_id, iid)))
    })
}

async fn approval_state(
    State(app): State<App>,
    Path((id, mr_iid)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let (project_id, iid) = find(store, &id, &mr_iid)?;
        let project = &store.projects[&project_id];
        let state = store.approval_state_json(project, &project.merge_requests[&iid]);
        Ok(ok(StatusCode::OK, state))
    })
}

/// GitLab's order: 409 when `sha` is given and is not the source head; then its approval
/// service refuses (401 `401 Unauthorized`) a user who already approved, the author, or a
/// merge request that is not open. An approval adds the system note "approved this merge
/// request"; it may make the merge request mergeable.
async fn approve(
    State(app): State<App>,
    Path((id, mr_iid)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let sha = params.str("sha")?;
        params.bool("publish_review")?;
        let (project_id, iid) = find(store, &id, &mr_iid)?;
        let project = &store.projects[&project_id];
        let mr = &project.merge_requests[&iid];
        if let Some(sha) = sha {
            let head = project
                .repository
                .branches
                .get(&mr.source_branch)
                .unwrap_or(&mr.sha);
            if &sha != head {
                let message = format!("SHA does not match HEAD of source branch: {head}");
                return Err(ApiError::message(StatusCode::CONFLICT, message));
            }
        }
        if !mr.can_be_approved_by(CURRENT_USER) {
            return Err(ApiError::message(
                StatusCode::UNAUTHORIZED,
                "401 Unauthorized",
            ));
        }
        store.approve(project_id, iid);
        Ok(ok(StatusCode::CREATED, render(store, project_id, iid)))
    })
}

/// Takes the current user's approval back, with the system note "unapproved this merge
/// request". GitLab answers `404 Not Found` when they had not approved, or the merge request
/// is merged.
async fn unapprove(
    State(app): State<App>,
    Path((id, mr_iid)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let (project_id, iid) = find(store, &id, &mr_iid)?;
        let mr = &store.projects[&project_id].merge_requests[&iid];
        if !mr.approved_by(CURRENT_USER) || mr.state == "merged" {
            return Err(ApiError::not_found(""));
        }
        store.unapprove(project_id, iid);
        Ok(ok(StatusCode::CREATED, render(store, project_id, iid)))
    })
}

fn render(store: &Store, project_id: u64, iid: u64) -> serde_json::Value {
    let project = &store.projects[&project_id];
    store.approvals_json(project, &project.merge_requests[&iid])
}
