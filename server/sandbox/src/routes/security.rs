//! `/projects/:id/vulnerabilities`, `/vulnerabilities/:id[/confirm|resolve|dismiss|revert]`,
//! `/projects/:id/vulnerability_findings` and `/projects/:id/dependencies` (GitLab
//! Ultimate): a project's vulnerabilities and their states, the findings of its security
//! scans, and its dependencies.

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};

use crate::app::App;
use crate::pagination::paginate;
use crate::params::Params;
use crate::reply::{ApiError, ok};
use crate::store::security::{
    FindingQuery, PACKAGE_MANAGERS, REPORT_TYPES, SEVERITIES, check_values,
};

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route("/projects/{id}/vulnerabilities", get(list))
        .route("/vulnerabilities/{id}", get(show))
        .route("/vulnerabilities/{id}/{action}", post(change))
        .route("/projects/{id}/vulnerability_findings", get(findings))
        .route("/projects/{id}/dependencies", get(dependencies))
}

async fn list(
    State(app): State<App>,
    OriginalUri(uri): OriginalUri,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project = store.project_id(&id)?;
        paginate(store.vulnerabilities(project), &params, &store.base, &uri)
    })
}

async fn show(State(app): State<App>, Path(id): Path<String>) -> Result<Response, ApiError> {
    app.with_store(|store| Ok(ok(StatusCode::OK, store.vulnerability(&id)?)))
}

/// `201` with the vulnerability in its new state, or `304` with nothing when it already
/// was (GitLab's `not_modified!`). Dismissing takes no comment.
async fn change(
    State(app): State<App>,
    Path((id, action)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    let state = match action.as_str() {
        "confirm" => "confirmed",
        "resolve" => "resolved",
        "dismiss" => "dismissed",
        "revert" => "detected",
        _ => return Err(ApiError::not_found("")),
    };
    let comment = match action.as_str() {
        "dismiss" => None,
        _ => params.str("comment")?,
    };
    app.with_store(|store| match store.vulnerability_to(&id, state, comment)? {
        Some(vulnerability) => Ok(ok(StatusCode::CREATED, vulnerability)),
        None => Ok(StatusCode::NOT_MODIFIED.into_response()),
    })
}

async fn findings(
    State(app): State<App>,
    OriginalUri(uri): OriginalUri,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    let report_types = params.labels("report_type")?;
    check_values("report_type", report_types.as_deref(), REPORT_TYPES)?;
    let severities = params.labels("severity")?;
    check_values("severity", severities.as_deref(), SEVERITIES)?;
    let scope = params.choice("scope", &["all", "dismissed"])?;
    let pipeline_id = params.str("pipeline_id")?;
    let query = FindingQuery {
        pipeline_id,
        report_types,
        severities,
        with_dismissed: scope.as_deref() == Some("all"),
    };
    app.with_store(|store| {
        let project = store.project_id(&id)?;
        let found = store.vulnerability_findings(project, &query);
        paginate(found, &params, &store.base, &uri)
    })
}

async fn dependencies(
    State(app): State<App>,
    OriginalUri(uri): OriginalUri,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    let managers = params.labels("package_manager")?;
    check_values("package_manager", managers.as_deref(), PACKAGE_MANAGERS)?;
    app.with_store(|store| {
        let project = store.project_id(&id)?;
        let found = store.dependencies(project, managers.as_deref());
        paginate(found, &params, &store.base, &uri)
    })
}
