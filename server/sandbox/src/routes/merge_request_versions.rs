//! `GET /projects/:id/merge_requests/:merge_request_iid/versions[/:version_id]`: the merge
//! request's diff versions. The sandbox keeps no history of a source branch's pushes, so a
//! merge request has one version, its diff as it stands (frozen at merge time once merged),
//! with the merge request's id as its own.

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use serde_json::{Value, json};

use super::merge_requests::find;
use super::refusals::{path_number, record_not_found};
use crate::app::App;
use crate::pagination::paginate;
use crate::params::Params;
use crate::reply::{ApiError, ok};
use crate::store::Store;

pub(crate) fn routes() -> Router<App> {
    let path = |tail: &str| format!("/projects/{{id}}/merge_requests/{{merge_request_iid}}/{tail}");
    Router::new()
        .route(&path("versions"), get(list))
        .route(&path("versions/{version_id}"), get(show))
}

async fn list(
    State(app): State<App>,
    Path((id, mr_iid)): Path<(String, String)>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let (project_id, iid) = find(store, &id, &mr_iid)?;
        let items = version(store, project_id, iid).into_iter().collect();
        paginate(items, &params, &store.base, &uri)
    })
}

/// The version with the commits it holds (newest first) and its file diffs; another id
/// is `404 Not found`.
async fn show(
    State(app): State<App>,
    Path((id, mr_iid, version_id)): Path<(String, String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let (project_id, iid) = find(store, &id, &mr_iid)?;
        let version_id = path_number("version_id", &version_id)?;
        let mut value = version(store, project_id, iid)
            .filter(|v| v["id"] == version_id)
            .ok_or_else(record_not_found)?;
        let project = &store.projects[&project_id];
        let mr = &project.merge_requests[&iid];
        let commits: Vec<Value> = store
            .merge_request_commits(project, mr)
            .into_iter()
            .map(|c| store.commit_json(project, c))
            .collect();
        let diffs: Vec<Value> = store
            .merge_request_diffs(project, mr)
            .iter()
            .map(|d| d.json())
            .collect();
        value["commits"] = Value::Array(commits);
        value["diffs"] = Value::Array(diffs);
        Ok(ok(StatusCode::OK, value))
    })
}

/// GitLab's merge request diff entity; none when the diff cannot be taken (the target
/// branch is gone).
fn version(store: &Store, project_id: u64, iid: u64) -> Option<Value> {
    let project = &store.projects[&project_id];
    let mr = &project.merge_requests[&iid];
    let refs = store.diff_refs(project, mr)?;
    let files = store.merge_request_diffs(project, mr).len();
    Some(json!({
        "id": mr.id,
        "head_commit_sha": refs.head_sha,
        "base_commit_sha": refs.base_sha,
        "start_commit_sha": refs.start_sha,
        "created_at": mr.created_at,
        "merge_request_id": mr.id,
        "state": "collected",
        // GitLab counts the files as a string, as in `changes_count`.
        "real_size": files.to_string(),
        "patch_id_sha": null,
    }))
}
