//! Merge trains (GitLab Premium): `GET /projects/:id/merge_trains[/:target_branch]`,
//! `GET` and `POST /projects/:id/merge_trains/merge_requests/:merge_request_iid`.

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use serde_json::Value;

use super::merge_requests::find;
use crate::app::App;
use crate::pagination::paginate;
use crate::params::Params;
use crate::reply::{ApiError, ok};
use crate::store::Store;
use crate::store::merge_trains::Added;

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route("/projects/{id}/merge_trains", get(list))
        .route("/projects/{id}/merge_trains/{target_branch}", get(branch))
        .route(
            "/projects/{id}/merge_trains/merge_requests/{merge_request_iid}",
            get(status).post(add),
        )
}

/// The cars of project `id` on `target_branch` (every branch when `None`), by `scope`
/// (`active`, `complete`) and `sort` (by id, `desc` unless `asc`).
fn cars(
    store: &Store,
    project_id: u64,
    target_branch: Option<&str>,
    params: &Params,
) -> Result<Vec<Value>, ApiError> {
    let scope = params.choice("scope", &["active", "complete"])?;
    let ascending = params.choice("sort", &["asc", "desc"])?.as_deref() == Some("asc");
    let mut found: Vec<Value> = store.projects[&project_id]
        .merge_train
        .iter()
        .filter(|car| target_branch.is_none_or(|branch| car.target_branch == branch))
        .filter(|car| match scope.as_deref() {
            Some("active") => car.active(),
            Some(_) => !car.active(),
            None => true,
        })
        .map(|car| store.car_json(project_id, car))
        .collect();
    if !ascending {
        found.reverse();
    }
    Ok(found)
}

async fn list(
    State(app): State<App>,
    Path(id): Path<String>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project_id = store.project_id(&id)?;
        let found = cars(store, project_id, None, &params)?;
        paginate(found, &params, &store.base, &uri)
    })
}

async fn branch(
    State(app): State<App>,
    Path((id, target_branch)): Path<(String, String)>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project_id = store.project_id(&id)?;
        let found = cars(store, project_id, Some(&target_branch), &params)?;
        paginate(found, &params, &store.base, &uri)
    })
}

/// The merge request's car, or `404 Merge Train Merge Request Not Found`.
async fn status(
    State(app): State<App>,
    Path((id, mr_iid)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let (project_id, iid) = find(store, &id, &mr_iid)?;
        let car = store.projects[&project_id]
            .merge_train
            .iter()
            .rev()
            .find(|car| car.merge_request_iid == iid)
            .ok_or_else(|| ApiError::not_found("Merge Train Merge Request"))?;
        Ok(ok(StatusCode::OK, store.car_json(project_id, car)))
    })
}

/// `409` when `sha` is not the source head; then the service's answer: `201` with the
/// whole train of its target branch once on it, `202` when it joins after its checks.
async fn add(
    State(app): State<App>,
    Path((id, mr_iid)): Path<(String, String)>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    let sha = params.str("sha")?;
    let squash = params.bool("squash")?;
    let auto_merge = params.bool("auto_merge")?.unwrap_or(false)
        || params.bool("when_pipeline_succeeds")?.unwrap_or(false);
    app.with_store(|store| {
        let (project_id, iid) = find(store, &id, &mr_iid)?;
        let project = &store.projects[&project_id];
        let mr = &project.merge_requests[&iid];
        let head = project
            .repository
            .branches
            .get(&mr.source_branch)
            .unwrap_or(&mr.sha)
            .clone();
        if sha.as_ref().is_some_and(|sha| *sha != head) {
            let message = format!("SHA does not match HEAD of source branch: {head}");
            return Err(ApiError::message(StatusCode::CONFLICT, message));
        }
        let target = mr.target_branch.clone();
        let added = store.add_to_train(project_id, iid, squash, auto_merge)?;
        let status = match added {
            Added::OnTrain => StatusCode::CREATED,
            Added::WhenChecksPass => StatusCode::ACCEPTED,
        };
        let train = cars(
            store,
            project_id,
            Some(&target),
            &Params(serde_json::Map::new()),
        )?;
        let mut response = paginate(train, &params, &store.base, &uri)?;
        *response.status_mut() = status;
        Ok(response)
    })
}
