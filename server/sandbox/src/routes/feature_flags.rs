//! `/projects/:id/feature_flags[/:feature_flag_name]`: a project's feature flags. (Their
//! user lists are plain records, served by `records`.)

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;

use crate::app::App;
use crate::pagination::paginate;
use crate::params::Params;
use crate::reply::{ApiError, ok};

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route("/projects/{id}/feature_flags", get(list).post(create))
        .route(
            "/projects/{id}/feature_flags/{name}",
            get(show).put(update).delete(remove),
        )
}

async fn list(
    State(app): State<App>,
    OriginalUri(uri): OriginalUri,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project = store.project_id(&id)?;
        let flags = store.feature_flags(project, &params.0)?;
        paginate(flags, &params, &store.base, &uri)
    })
}

async fn show(
    State(app): State<App>,
    Path((id, name)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project = store.project_id(&id)?;
        Ok(ok(StatusCode::OK, store.feature_flag(project, &name)?))
    })
}

async fn create(
    State(app): State<App>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project = store.project_id(&id)?;
        Ok(ok(
            StatusCode::CREATED,
            store.feature_flag_create(project, &params.0)?,
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
            store.feature_flag_update(project, &name, &params.0)?,
        ))
    })
}

/// `200` with the flag deleted (GitLab presents it rather than answering 204).
async fn remove(
    State(app): State<App>,
    Path((id, name)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project = store.project_id(&id)?;
        Ok(ok(
            StatusCode::OK,
            store.feature_flag_delete(project, &name)?,
        ))
    })
}
