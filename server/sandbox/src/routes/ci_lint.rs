//! `/projects/:id/ci/lint`: GitLab's check of a CI configuration — given content
//! (`POST`, `content` required) or the project's own `.gitlab-ci.yml` at a ref (`GET`,
//! `content_ref`, by default the default branch). `include_jobs` adds the jobs.

use axum::Router;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;

use crate::app::App;
use crate::params::Params;
use crate::reply::{ApiError, ok};
use crate::store::ci_config::lint;

pub(crate) fn routes() -> Router<App> {
    Router::new().route("/projects/{id}/ci/lint", get(of_project).post(of_content))
}

async fn of_content(
    State(app): State<App>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require(&["content"])?;
        store.project_id(&id)?;
        params.bool("dry_run")?;
        let content = params.str("content")?.unwrap_or_default();
        let include_jobs = params.bool("include_jobs")?.unwrap_or(false);
        Ok(ok(StatusCode::OK, lint(&content, include_jobs)))
    })
}

async fn of_project(
    State(app): State<App>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project = store.project(&id)?;
        params.bool("dry_run")?;
        let include_jobs = params.bool("include_jobs")?.unwrap_or(false);
        let reference = params
            .text("content_ref")?
            .unwrap_or_else(|| project.default_branch.clone());
        let commit = project
            .repository
            .resolve(&reference)
            .ok_or_else(|| ApiError::not_found("Commit"))?;
        let config = commit
            .tree
            .get(".gitlab-ci.yml")
            .and_then(|entry| entry.blob.text().map(str::to_owned))
            .unwrap_or_default();
        Ok(ok(StatusCode::OK, lint(&config, include_jobs)))
    })
}
