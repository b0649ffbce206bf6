//! `/projects/:id/jobs[/:job_id[/trace|/retry|/cancel|/play|/erase]]`.

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::Value;

use super::pipelines::job_scope;
use super::refusals::{bad_request_because, forbidden, path_number, record_not_found};
use crate::app::App;
use crate::pagination::paginate_without_count;
use crate::params::Params;
use crate::reply::{ApiError, ok};
use crate::store::pipelines::{JobRefusal, Pipeline};
use crate::store::{CURRENT_USER, Store};

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route("/projects/{id}/jobs", get(list))
        .route("/projects/{id}/jobs/{job_id}", get(show))
        .route("/projects/{id}/jobs/{job_id}/trace", get(trace))
        .route("/projects/{id}/jobs/{job_id}/retry", post(retry))
        .route("/projects/{id}/jobs/{job_id}/cancel", post(cancel))
        .route("/projects/{id}/jobs/{job_id}/play", post(play))
        .route("/projects/{id}/jobs/{job_id}/erase", post(erase))
}

/// Every job of the project, retried tries included, newest first; `scope` one status or
/// several. GitLab pages this list without counting it.
async fn list(
    State(app): State<App>,
    Path(id): Path<String>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let scope = job_scope(&params)?;
        let project = store.project(&id)?;
        let mut jobs: Vec<(&Pipeline, &crate::store::pipelines::Job)> = project
            .pipelines
            .values()
            .flat_map(|p| p.jobs.iter().map(move |j| (p, j)))
            .filter(|(_, j)| !j.trigger)
            .filter(|(_, j)| {
                scope
                    .as_ref()
                    .is_none_or(|s| s.iter().any(|s| s == j.status))
            })
            .collect();
        jobs.sort_by_key(|(_, j)| std::cmp::Reverse(j.id));
        let items = jobs
            .into_iter()
            .map(|(p, j)| store.job_json(project, p, j))
            .collect();
        paginate_without_count(items, &params, &store.base, &uri)
    })
}

async fn show(
    State(app): State<App>,
    Path((id, job_id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let found = find(store, &id, &job_id)?;
        Ok(ok(StatusCode::OK, render(store, found)))
    })
}

/// The raw log as `text/plain` (ANSI colours and section markers as the runner wrote them),
/// named `<id>.log`; an empty body when there is none.
async fn trace(
    State(app): State<App>,
    Path((id, job_id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let found = find(store, &id, &job_id)?;
        let job = &store.projects[&found.project].pipelines[&found.pipeline].jobs[found.index];
        let disposition = format!("infile; filename=\"{}.log\"", job.id);
        Ok((
            StatusCode::OK,
            [
                (CONTENT_TYPE, "text/plain".to_owned()),
                (CONTENT_DISPOSITION, disposition),
            ],
            job.log.to_string(),
        )
            .into_response())
    })
}

/// 201 with the new try; a job that is not finished, or was already retried, is
/// `403 Forbidden - Job is not retryable`.
async fn retry(
    State(app): State<App>,
    Path((id, job_id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let found = find(store, &id, &job_id)?;
        let ids = &mut store.ids;
        let project = store.projects.get_mut(&found.project).expect("found above");
        let pipeline = project.pipelines.get_mut(&found.pipeline).expect("found");
        let new_id = pipeline
            .retry_job(found.index, ids, CURRENT_USER)
            .map_err(refusal)?;
        let index = pipeline.job_index(new_id).expect("just added");
        project.touch();
        let found = Found { index, ..found };
        Ok(ok(StatusCode::CREATED, render(store, found)))
    })
}

/// 201 with the job: canceled if it was still to run or running, else as it was (GitLab
/// cancels only what may be canceled and answers the same way).
async fn cancel(
    State(app): State<App>,
    Path((id, job_id)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.bool("force")?;
        let found = find(store, &id, &job_id)?;
        let project = store.project_mut(found.project);
        project
            .pipelines
            .get_mut(&found.pipeline)
            .expect("found above")
            .cancel_job(found.index);
        project.touch();
        Ok(ok(StatusCode::CREATED, render(store, found)))
    })
}

/// 200 with the job. Only manual actions play: one waiting is queued with
/// `job_variables_attributes` (`[{key, value}]`, both required); one that ran is retried.
/// Anything else is `400 Bad request - Unplayable Job`.
async fn play(
    State(app): State<App>,
    Path((id, job_id)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let mut variables = Vec::new();
        for (index, row) in params
            .hashes("job_variables_attributes")?
            .unwrap_or_default()
            .into_iter()
            .enumerate()
        {
            let mut missing = Vec::new();
            let mut field = |name: &str| match row.get(name) {
                Some(Value::String(s)) => s.clone(),
                Some(Value::Number(n)) => n.to_string(),
                Some(Value::Bool(b)) => b.to_string(),
                _ => {
                    missing.push(format!(
                        "job_variables_attributes[{index}][{name}] is missing"
                    ));
                    String::new()
                }
            };
            let pair = (field("key"), field("value"));
            if !missing.is_empty() {
                return Err(ApiError::error(missing.join(", ")));
            }
            variables.push(pair);
        }
        let found = find(store, &id, &job_id)?;
        let ids = &mut store.ids;
        let project = store.projects.get_mut(&found.project).expect("found above");
        project
            .pipelines
            .get_mut(&found.pipeline)
            .expect("found above")
            .play_job(found.index, ids, CURRENT_USER, variables)
            .map_err(refusal)?;
        project.touch();
        Ok(ok(StatusCode::OK, render(store, found)))
    })
}

/// 201 with the job, its log gone and `erased_at` set. Only a finished job with something
/// to erase may be: else `403 Forbidden - Job is not erasable!`.
async fn erase(
    State(app): State<App>,
    Path((id, job_id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let found = find(store, &id, &job_id)?;
        let project = store.project_mut(found.project);
        project
            .pipelines
            .get_mut(&found.pipeline)
            .expect("found above")
            .erase_job(found.index)
            .map_err(refusal)?;
        project.touch();
        Ok(ok(StatusCode::CREATED, render(store, found)))
    })
}

fn refusal(refusal: JobRefusal) -> ApiError {
    match refusal {
        JobRefusal::NotRetryable => forbidden(Some("Job is not retryable")),
        JobRefusal::NotErasable => forbidden(Some("Job is not erasable!")),
        JobRefusal::Unplayable => bad_request_because("Unplayable Job"),
    }
}

/// A job found: its project, its pipeline and its place there.
#[derive(Clone, Copy)]
pub(super) struct Found {
    pub project: u64,
    pub pipeline: u64,
    pub index: usize,
}

pub(super) fn find(store: &Store, id: &str, job_id: &str) -> Result<Found, ApiError> {
    let project_id = store.project_id(id)?;
    let job_id = path_number("job_id", job_id)?;
    let (pipeline, index) = store
        .find_job(&store.projects[&project_id], job_id)
        .ok_or_else(record_not_found)?;
    Ok(Found {
        project: project_id,
        pipeline,
        index,
    })
}

pub(super) fn render(store: &Store, found: Found) -> Value {
    let project = &store.projects[&found.project];
    let pipeline = &project.pipelines[&found.pipeline];
    store.job_json(project, pipeline, &pipeline.jobs[found.index])
}
