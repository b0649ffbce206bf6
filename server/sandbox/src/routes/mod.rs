//! The REST v4 routes, one module per resource. Each module has its own `routes()`; adding a
//! resource is one more `.merge(…)` line below.

mod approvals;
mod archive;
mod branches;
mod cherry_pick;
mod commits;
mod discussions;
mod files;
mod forks;
mod groups;
mod issue_links;
mod issues;
mod jobs;
mod labels;
mod lookups;
mod members;
mod merge;
mod merge_request_changes;
mod merge_requests;
mod milestones;
mod mirrors;
mod notes;
mod pipelines;
mod projects;
mod protected_branches;
mod rebase;
mod refusals;
mod releases;
mod repository;
mod search;
mod tags;
mod typed_params;
mod users;
mod wiki;

use axum::Router;
use axum::http::StatusCode;
use axum::middleware;
use axum::response::{IntoResponse, Response};
use serde_json::json;

use super::App;
use super::params::Params;
use super::recording::intercept;
use super::reply::ApiError;

pub(crate) fn router(app: App) -> Router {
    let api = Router::new()
        .merge(projects::routes())
        .merge(issues::routes())
        .merge(merge_requests::routes())
        .merge(merge::routes())
        .merge(releases::routes())
        .merge(branches::routes())
        .merge(protected_branches::routes())
        .merge(tags::routes())
        .merge(commits::routes())
        .merge(cherry_pick::routes())
        .merge(repository::routes())
        .merge(files::routes())
        .merge(merge_request_changes::routes())
        .merge(approvals::routes())
        .merge(rebase::routes())
        .merge(notes::routes())
        .merge(discussions::routes())
        .merge(issue_links::routes())
        .merge(pipelines::routes())
        .merge(jobs::routes())
        .merge(labels::routes())
        .merge(milestones::routes())
        .merge(mirrors::routes())
        .merge(wiki::routes())
        .merge(users::routes())
        .merge(members::routes())
        .merge(groups::routes())
        .merge(forks::routes())
        .merge(archive::routes())
        .merge(search::routes())
        .method_not_allowed_fallback(not_allowed)
        .layer(middleware::from_fn_with_state(
            app.clone(),
            archive::refuse_writes,
        ));
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

/// GitLab's answer for a DELETE that worked: 204 and no body.
fn no_content() -> Response {
    StatusCode::NO_CONTENT.into_response()
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

/// What a state change touches on an issue or merge request.
struct StateChange<'a> {
    state: &'a mut &'static str,
    closed_at: &'a mut Option<String>,
    closed_by: &'a mut Option<u64>,
}

impl StateChange<'_> {
    /// `state_event` of an update: `close` closes an open issue or merge request (by the
    /// current user), `reopen` reopens a closed one; anything else leaves the state alone.
    fn apply(self, event: Option<&str>, now: &str) {
        match event {
            Some("close") if *self.state == "opened" => {
                *self.state = "closed";
                *self.closed_at = Some(now.to_owned());
                *self.closed_by = Some(crate::store::CURRENT_USER);
            }
            Some("reopen") if *self.state == "closed" => {
                *self.state = "opened";
                *self.closed_at = None;
                *self.closed_by = None;
            }
            _ => {}
        }
    }
}

/// The parts of git's ref-name rules a branch or tag typed by hand trips over.
pub(crate) fn valid_ref_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with(['-', '/', '.'])
        && !name.ends_with(['/', '.'])
        && !name.ends_with(".lock")
        && !name.contains("..")
        && !name.contains("//")
        && !name.contains("@{")
        && name != "HEAD"
        && !name
            .chars()
            .any(|c| c.is_control() || c.is_whitespace() || "~^:?*[\\".contains(c))
}
