//! `POST /projects/:id/star` and `POST /projects/:id/unstar`: 201 with the project (its
//! `star_count` moved), or GitLab's `304 Not Modified` (no body) when the current user had
//! already starred it, or had not.

use axum::Router;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;

use crate::app::App;
use crate::reply::{ApiError, ok};
use crate::store::CURRENT_USER;

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route(
            "/projects/{id}/star",
            post(|app: State<App>, id: Path<String>| change(app, id, true)),
        )
        .route(
            "/projects/{id}/unstar",
            post(|app: State<App>, id: Path<String>| change(app, id, false)),
        )
}

async fn change(
    State(app): State<App>,
    Path(id): Path<String>,
    star: bool,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project_id = store.project_id(&id)?;
        let stars = &mut store.tracking.stars;
        let changed = if star {
            stars.insert((CURRENT_USER, project_id))
        } else {
            stars.remove(&(CURRENT_USER, project_id))
        };
        if !changed {
            return Ok(StatusCode::NOT_MODIFIED.into_response());
        }
        Ok(ok(
            StatusCode::CREATED,
            store.project_json(&store.projects[&project_id]),
        ))
    })
}
