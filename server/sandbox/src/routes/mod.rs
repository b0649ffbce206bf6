//! The REST v4 routes, one module per resource. Each module has its own `routes()`; adding a
//! resource is one more `.merge(…)` line below. What several resources share lives in modules
//! of its own (`issuable`, `lookups`, `note_commands`, `refusals`, `typed_params`), never
//! here: the resources use those, and this module uses the resources.

mod access_requests;
mod approval_settings;
mod approvals;
mod archive;
mod artifacts;
mod boards;
mod branches;
mod cherry_pick;
mod ci_lint;
mod commit_activity;
mod commits;
mod container_registry;
mod discussions;
mod epics;
mod events;
mod feature_flags;
mod files;
mod forks;
mod graphql;
mod groups;
mod issuable;
mod issuable_filters;
mod issue_links;
mod issues;
mod iterations;
mod jobs;
mod labels;
mod languages;
mod lookups;
mod members;
mod merge;
mod merge_request_changes;
mod merge_request_issues;
mod merge_request_versions;
mod merge_requests;
mod merge_trains;
mod milestones;
mod mirrors;
mod note_commands;
mod notes;
mod oauth;
mod packages;
mod participants;
mod pipelines;
mod project_transfer;
mod projects;
mod protected_branches;
mod protected_environments;
mod rebase;
mod records;
mod refusals;
mod releases;
mod repository;
mod resource_events;
mod runners;
mod search;
mod security;
mod stars;
mod subscriptions;
mod tags;
mod time_tracking;
mod todos;
mod tracked;
mod typed_params;
mod uploads;
mod users;
mod version;
mod wiki;
mod work_items;

use axum::Router;
use axum::http::StatusCode;
use axum::middleware;
use axum::response::{IntoResponse, Response};
use serde_json::json;

use crate::app::App;
use crate::intercept::intercept;
use crate::reply::ApiError;

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
        .merge(commit_activity::routes())
        .merge(access_requests::routes())
        .merge(repository::routes())
        .merge(files::routes())
        .merge(merge_request_changes::routes())
        .merge(approvals::routes())
        .merge(approval_settings::routes())
        .merge(merge_request_issues::routes())
        .merge(merge_trains::routes())
        .merge(uploads::routes())
        .merge(rebase::routes())
        .merge(notes::routes())
        .merge(discussions::routes())
        .merge(issue_links::routes())
        .merge(pipelines::routes())
        .merge(ci_lint::routes())
        .merge(jobs::routes())
        .merge(artifacts::routes())
        .merge(labels::routes())
        .merge(milestones::routes())
        .merge(mirrors::routes())
        .merge(wiki::routes())
        .merge(users::routes())
        .merge(todos::routes())
        .merge(version::routes())
        .merge(members::routes())
        .merge(groups::routes())
        .merge(forks::routes())
        .merge(archive::routes())
        .merge(search::routes())
        .merge(records::routes())
        .merge(participants::routes())
        .merge(subscriptions::routes())
        .merge(time_tracking::routes())
        .merge(stars::routes())
        .merge(events::routes())
        .merge(merge_request_versions::routes())
        .merge(languages::routes())
        .merge(packages::routes())
        .merge(container_registry::routes())
        .merge(runners::routes())
        .merge(security::routes())
        .merge(protected_environments::routes())
        .merge(feature_flags::routes())
        .merge(project_transfer::routes())
        .merge(resource_events::routes())
        .merge(boards::routes())
        .merge(epics::routes())
        .merge(iterations::routes())
        .method_not_allowed_fallback(not_allowed)
        .layer(middleware::from_fn_with_state(
            app.clone(),
            archive::refuse_writes,
        ));
    // Both APIs refuse the OAuth tokens that no longer work; the OAuth endpoints themselves
    // judge the tokens they are given.
    let apis = Router::new()
        .nest("/api/v4", api)
        .route("/api/graphql", axum::routing::post(graphql::answer))
        .layer(middleware::from_fn_with_state(
            app.clone(),
            oauth::guard::honour_bearer,
        ));
    Router::new()
        .merge(apis)
        .merge(oauth::routes())
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
