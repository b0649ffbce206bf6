//! `POST /projects/:id/{issues,merge_requests}/:iid/{subscribe,unsubscribe}`: 201 with the
//! issue or merge request, or GitLab's `304 Not Modified` (no body) when the current user
//! already was (or was not) subscribed.

use axum::Router;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;

use super::tracked::{Collection, render};
use crate::app::App;
use crate::reply::{ApiError, ok};
use crate::store::CURRENT_USER;

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route(
            "/projects/{id}/issues/{issue_iid}/subscribe",
            post(|app: State<App>, path: Path<(String, String)>| {
                change(app, path, Collection::Issues, true)
            }),
        )
        .route(
            "/projects/{id}/issues/{issue_iid}/unsubscribe",
            post(|app: State<App>, path: Path<(String, String)>| {
                change(app, path, Collection::Issues, false)
            }),
        )
        .route(
            "/projects/{id}/merge_requests/{merge_request_iid}/subscribe",
            post(|app: State<App>, path: Path<(String, String)>| {
                change(app, path, Collection::MergeRequests, true)
            }),
        )
        .route(
            "/projects/{id}/merge_requests/{merge_request_iid}/unsubscribe",
            post(|app: State<App>, path: Path<(String, String)>| {
                change(app, path, Collection::MergeRequests, false)
            }),
        )
}

async fn change(
    State(app): State<App>,
    Path((id, iid)): Path<(String, String)>,
    collection: Collection,
    subscribe: bool,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let issuable = collection.find(store, &id, &iid)?;
        if store.subscribed(issuable, CURRENT_USER) == subscribe {
            return Ok(StatusCode::NOT_MODIFIED.into_response());
        }
        store
            .tracking
            .subscriptions
            .insert((issuable, CURRENT_USER), subscribe);
        Ok(ok(StatusCode::CREATED, render(store, issuable)))
    })
}
