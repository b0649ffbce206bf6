//! A job's artifacts: `GET /projects/:id/jobs/:job_id/artifacts/*artifact_path` (one file of
//! the archive, raw), `POST …/artifacts/keep` and `DELETE …/artifacts`.

use axum::Router;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};

use super::jobs::{Found, find, render};
use crate::app::App;
use crate::reply::{ApiError, no_content, ok};
use crate::store::Store;
use crate::store::pipelines::Job;

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route(
            "/projects/{id}/jobs/{job_id}/artifacts/{*artifact_path}",
            get(file),
        )
        .route("/projects/{id}/jobs/{job_id}/artifacts/keep", post(keep))
        .route("/projects/{id}/jobs/{job_id}/artifacts", delete(remove))
}

/// The file's bytes, as a download. A job without artifacts, or a path the archive does not
/// hold, is `404 Not Found`; a path that climbs out of the archive (`..`) is
/// `400 Bad request`.
async fn file(
    State(app): State<App>,
    Path((id, job_id, path)): Path<(String, String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let found = find(store, &id, &job_id)?;
        if path.split('/').any(|part| part == "..") || path.contains('\0') {
            return Err(ApiError::bad_request("400 Bad request"));
        }
        let content = job(store, found)
            .artifacts
            .as_ref()
            .and_then(|a| a.files.get(path.trim_start_matches('/')))
            .ok_or_else(|| ApiError::not_found(""))?;
        let name = path.rsplit('/').next().unwrap_or(&path);
        Ok((
            StatusCode::OK,
            [
                (CONTENT_TYPE, "application/octet-stream".to_owned()),
                (
                    CONTENT_DISPOSITION,
                    format!("attachment; filename=\"{name}\""),
                ),
            ],
            content.to_vec(),
        )
            .into_response())
    })
}

/// 200 with the job, its artifacts no longer expiring; `404 Not Found` when it has none.
async fn keep(
    State(app): State<App>,
    Path((id, job_id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let found = find(store, &id, &job_id)?;
        let job = job_mut(store, found);
        let artifacts = job
            .artifacts
            .as_mut()
            .ok_or_else(|| ApiError::not_found(""))?;
        artifacts.expire_at = None;
        Ok(ok(StatusCode::OK, render(store, found)))
    })
}

/// 204, whether or not there was anything to delete (as GitLab answers).
async fn remove(
    State(app): State<App>,
    Path((id, job_id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let found = find(store, &id, &job_id)?;
        job_mut(store, found).artifacts = None;
        store.project_mut(found.project).touch();
        Ok(no_content())
    })
}

fn job(store: &Store, found: Found) -> &Job {
    &store.projects[&found.project].pipelines[&found.pipeline].jobs[found.index]
}

fn job_mut(store: &mut Store, found: Found) -> &mut Job {
    let pipeline = store
        .project_mut(found.project)
        .pipelines
        .get_mut(&found.pipeline)
        .expect("found above");
    &mut pipeline.jobs[found.index]
}
