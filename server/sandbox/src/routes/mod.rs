//! The REST v4 routes, one module per resource.

mod branches;
mod issues;
mod merge;
mod merge_requests;
mod projects;
mod releases;

use axum::Router;
use axum::http::StatusCode;
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, put};
use serde_json::json;

use super::App;
use super::params::Params;
use super::recording::intercept;
use super::reply::ApiError;

pub(crate) fn router(app: App) -> Router {
    let api = Router::new()
        .route("/projects", get(projects::list).post(projects::create))
        .route(
            "/projects/{id}",
            get(projects::show)
                .put(projects::update)
                .delete(projects::remove),
        )
        .route(
            "/projects/{id}/repository/branches",
            get(branches::list).post(branches::create),
        )
        .route(
            "/projects/{id}/issues",
            get(issues::list).post(issues::create),
        )
        .route(
            "/projects/{id}/issues/{issue_iid}",
            get(issues::show).put(issues::update).delete(issues::remove),
        )
        .route(
            "/projects/{id}/merge_requests",
            get(merge_requests::list).post(merge_requests::create),
        )
        .route(
            "/projects/{id}/merge_requests/{merge_request_iid}",
            get(merge_requests::show)
                .put(merge_requests::update)
                .delete(merge_requests::remove),
        )
        .route(
            "/projects/{id}/merge_requests/{merge_request_iid}/merge",
            put(merge::merge),
        )
        .route(
            "/projects/{id}/releases",
            get(releases::list).post(releases::create),
        )
        .route(
            "/projects/{id}/releases/{tag_name}",
            get(releases::show)
                .put(releases::update)
                .delete(releases::remove),
        )
        .method_not_allowed_fallback(not_allowed);
    Router::new()
        .nest("/api/v4", api)
        .fallback(not_found)
        .layer(middleware::from_fn_with_state(app.clone(), intercept))
        .with_state(app)
}

/// GitLab's answer for a route it does not have.
async fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        axum::Json(json!({"error": "404 Not Found"})),
    )
        .into_response()
}

async fn not_allowed() -> Response {
    ApiError::message(StatusCode::METHOD_NOT_ALLOWED, "405 Method Not Allowed").into_response()
}

/// An iid from the path, or Grape's `<name> is invalid`.
fn iid(name: &str, text: &str) -> Result<u64, ApiError> {
    text.parse().map_err(|_| super::params::invalid(name))
}

/// The model's rules for a title: not blank, at most 255 characters.
fn checked_title(title: String) -> Result<String, ApiError> {
    if title.trim().is_empty() {
        return Err(ApiError::fields(&[("title", "can't be blank")]));
    }
    if title.chars().count() > 255 {
        return Err(ApiError::fields(&[(
            "title",
            "is too long (maximum is 255 characters)",
        )]));
    }
    Ok(title)
}

/// An update's label changes, as issues and merge requests take them: `labels` replaces them
/// all, then `add_labels` adds and `remove_labels` removes.
struct LabelEdit {
    replace: Option<Vec<String>>,
    add: Vec<String>,
    remove: Vec<String>,
}

impl LabelEdit {
    fn read(params: &Params) -> Result<LabelEdit, ApiError> {
        Ok(LabelEdit {
            replace: params.labels("labels")?,
            add: params.labels("add_labels")?.unwrap_or_default(),
            remove: params.labels("remove_labels")?.unwrap_or_default(),
        })
    }

    fn apply(self, labels: &mut Vec<String>) {
        if let Some(replace) = self.replace {
            *labels = replace;
        }
        for label in self.add {
            if !labels.contains(&label) {
                labels.push(label);
            }
        }
        labels.retain(|l| !self.remove.contains(l));
    }
}

/// `state_event` of an update: `close` closes an open issue or merge request, `reopen`
/// reopens a closed one; anything else leaves the state as it is.
fn apply_state_event(
    event: Option<&str>,
    state: &mut &'static str,
    closed_at: &mut Option<String>,
    now: &str,
) {
    match event {
        Some("close") if *state == "opened" => {
            *state = "closed";
            *closed_at = Some(now.to_owned());
        }
        Some("reopen") if *state == "closed" => {
            *state = "opened";
            *closed_at = None;
        }
        _ => {}
    }
}

/// The parts of git's ref-name rules a branch or tag typed by hand trips over.
fn valid_ref_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with(['-', '/', '.'])
        && !name.ends_with(['/', '.'])
        && !name.ends_with(".lock")
        && !name.contains("..")
        && !name.contains("//")
        && !name.contains("@{")
        && !name
            .chars()
            .any(|c| c.is_control() || c.is_whitespace() || "~^:?*[\\".contains(c))
}
