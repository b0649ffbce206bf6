//! `/projects/:id/export` (its status, and scheduling one) and `/projects/:id/import` (its
//! status). The sandbox exports at once: a scheduled export is `finished` when next asked.

use axum::Router;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use serde_json::json;

use crate::app::App;
use crate::params::Params;
use crate::reply::{ApiError, ok};

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route("/projects/{id}/export", get(export_status).post(export))
        .route("/projects/{id}/import", get(import_status))
}

async fn export_status(
    State(app): State<App>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project = store.project_id(&id)?;
        Ok(ok(StatusCode::OK, store.export_status(project)))
    })
}

/// `202 Accepted`: GitLab exports in the background.
async fn export(
    State(app): State<App>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    params.str("description")?;
    if params.has("upload") {
        params.nested("upload")?;
    }
    app.with_store(|store| {
        let project = store.project_id(&id)?;
        store.export_project(project);
        Ok(ok(StatusCode::ACCEPTED, json!({"message": "202 Accepted"})))
    })
}

async fn import_status(
    State(app): State<App>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project = store.project_id(&id)?;
        Ok(ok(StatusCode::OK, store.import_status(project)))
    })
}
