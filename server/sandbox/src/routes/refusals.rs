//! GitLab's refusals the CI, planning, people and search routes share, in GitLab's words.

use axum::http::StatusCode;

use crate::reply::ApiError;

/// `404 Not found` (lowercase `f`): what GitLab answers when a record looked up by id
/// (`ActiveRecord::RecordNotFound`) does not exist: pipelines, jobs, milestones.
pub(crate) fn record_not_found() -> ApiError {
    ApiError::message(StatusCode::NOT_FOUND, "404 Not found")
}

/// `403 Forbidden`, or `403 Forbidden - <reason>` (GitLab's `forbidden!(reason)`).
pub(crate) fn forbidden(reason: Option<&str>) -> ApiError {
    let message = match reason {
        Some(reason) => format!("403 Forbidden - {reason}"),
        None => "403 Forbidden".to_owned(),
    };
    ApiError::message(StatusCode::FORBIDDEN, message)
}

/// `400 Bad request - <reason>` (GitLab's `bad_request!(reason)`, lowercase `request`).
pub(crate) fn bad_request_because(reason: &str) -> ApiError {
    ApiError::bad_request_because(reason)
}

/// A numeric path id (`:pipeline_id`, `:job_id`, `:milestone_id`, `:user_id`): Grape's
/// `Integer` type refuses anything else with `<name> is invalid`.
pub(crate) fn path_number(name: &str, text: &str) -> Result<u64, ApiError> {
    text.parse().map_err(|_| crate::params::invalid(name))
}
