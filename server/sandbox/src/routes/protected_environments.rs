//! `/projects/:id/protected_environments[/:name]` and `/groups/:id/protected_environments
//! [/:name]` (GitLab Premium): who may deploy to an environment and who must approve; and
//! `POST /projects/:id/deployments/:deployment_id/approval`, approving or rejecting a
//! deployment waiting for those approvals.

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::{get, post};

use crate::app::App;
use crate::pagination::paginate;
use crate::params::Params;
use crate::reply::{ApiError, no_content, ok};
use crate::store::protected_environments::PROTECTED_ENVIRONMENTS;
use crate::store::records::Owner;

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route(
            "/projects/{id}/protected_environments",
            get(list).post(protect),
        )
        .route(
            "/projects/{id}/protected_environments/{name}",
            get(show).put(update).delete(unprotect),
        )
        .route("/groups/{id}/protected_environments", get(group_list))
        .route(
            "/groups/{id}/protected_environments/{name}",
            get(group_show),
        )
        .route(
            "/projects/{id}/deployments/{deployment_id}/approval",
            post(approval),
        )
}

/// By name, as GitLab sorts them.
async fn list(
    State(app): State<App>,
    OriginalUri(uri): OriginalUri,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let owner = Owner::Project(store.project_id(&id)?);
        let mut found = store.record_list(&owner, &PROTECTED_ENVIRONMENTS);
        found.sort_by(|a, b| a["name"].as_str().cmp(&b["name"].as_str()));
        paginate(found, &params, &store.base, &uri)
    })
}

async fn show(
    State(app): State<App>,
    Path((id, name)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let owner = Owner::Project(store.project_id(&id)?);
        Ok(ok(
            StatusCode::OK,
            store.record(&owner, &PROTECTED_ENVIRONMENTS, &name)?,
        ))
    })
}

async fn protect(
    State(app): State<App>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project = store.project_id(&id)?;
        Ok(ok(
            StatusCode::CREATED,
            store.protect_environment(project, &params.0)?,
        ))
    })
}

async fn update(
    State(app): State<App>,
    Path((id, name)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project = store.project_id(&id)?;
        Ok(ok(
            StatusCode::OK,
            store.update_protected_environment(project, &name, &params.0)?,
        ))
    })
}

async fn unprotect(
    State(app): State<App>,
    Path((id, name)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let owner = Owner::Project(store.project_id(&id)?);
        store.record_delete(&owner, &PROTECTED_ENVIRONMENTS, &name)?;
        Ok(no_content())
    })
}

async fn group_list(
    State(app): State<App>,
    OriginalUri(uri): OriginalUri,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let owner = Owner::Group(store.group_named(&id)?.id);
        let mut found = store.record_list(&owner, &PROTECTED_ENVIRONMENTS);
        found.sort_by(|a, b| a["name"].as_str().cmp(&b["name"].as_str()));
        paginate(found, &params, &store.base, &uri)
    })
}

async fn group_show(
    State(app): State<App>,
    Path((id, name)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let owner = Owner::Group(store.group_named(&id)?.id);
        Ok(ok(
            StatusCode::OK,
            store.record(&owner, &PROTECTED_ENVIRONMENTS, &name)?,
        ))
    })
}

/// `201` with the approval: its user, status, time and comment.
async fn approval(
    State(app): State<App>,
    Path((id, deployment)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    params.require(&["status"])?;
    let status = params
        .choice("status", &["approved", "rejected"])?
        .unwrap_or_default();
    if deployment.parse::<u64>().is_err() {
        return Err(ApiError::error("deployment_id is invalid"));
    }
    let comment = params.str("comment")?;
    app.with_store(|store| {
        let project = store.project_id(&id)?;
        Ok(ok(
            StatusCode::CREATED,
            store.approve_deployment(project, &deployment, &status, comment)?,
        ))
    })
}
