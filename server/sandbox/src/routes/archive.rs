//! `POST /projects/:id/archive` and `…/unarchive`, and what archiving means: GitLab makes an
//! archived project read-only, refusing every change to its content with `403 Forbidden`.

use axum::Router;
use axum::extract::{Path, Request, State};
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use percent_encoding::percent_decode_str;

use super::refusals::forbidden;
use crate::app::App;
use crate::reply::{ApiError, ok};

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route("/projects/{id}/archive", post(archive))
        .route("/projects/{id}/unarchive", post(unarchive))
}

/// 201 with the project, `archived` set; archiving twice is no error.
async fn archive(State(app): State<App>, Path(id): Path<String>) -> Result<Response, ApiError> {
    set_archived(&app, &id, true)
}

async fn unarchive(State(app): State<App>, Path(id): Path<String>) -> Result<Response, ApiError> {
    set_archived(&app, &id, false)
}

fn set_archived(app: &App, id: &str, archived: bool) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let id = store.project_id(id)?;
        let project = store.project_mut(id);
        project.archived = archived;
        project.touch();
        Ok(ok(
            StatusCode::CREATED,
            store.project_json(&store.projects[&id]),
        ))
    })
}

/// What stays allowed on an archived project besides reading: the project itself (settings,
/// deletion), archiving and unarchiving it, forking and starring it.
const STILL_ALLOWED: &[&str] = &["archive", "unarchive", "fork", "star", "unstar"];

/// In front of every route: a write under `/projects/:id/…` to an archived project is
/// refused as GitLab refuses it, before any route sees it.
pub(crate) async fn refuse_writes(
    State(app): State<App>,
    request: Request,
    next: Next,
) -> Response {
    let write = !matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    );
    if write && archived_target(&app, request.uri().path()) == Some(true) {
        return forbidden(None).into_response();
    }
    next.run(request).await
}

/// `Some(true)` when `path` changes something inside an archived project.
fn archived_target(app: &App, path: &str) -> Option<bool> {
    let path = path.strip_prefix("/api/v4").unwrap_or(path);
    let rest = path.strip_prefix("/projects/")?;
    let (id, inside) = rest.split_once('/')?;
    let first = inside.split('/').next().unwrap_or("");
    if first.is_empty() || STILL_ALLOWED.contains(&first) {
        return None;
    }
    let id = percent_decode_str(id).decode_utf8_lossy().into_owned();
    // The lock is taken and released here, before the request goes on.
    app.with_store(|store| {
        store
            .project_id(&id)
            .ok()
            .map(|id| store.projects[&id].archived)
    })
}
