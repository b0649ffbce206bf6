//! What a merge request changes: `GET …/merge_requests/:merge_request_iid/diffs`, `/changes`
//! (the deprecated one-shot form), `/commits` and `/pipelines`.

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use serde_json::{Value, json};

use super::merge_requests::{find, render};
use crate::app::App;
use crate::pagination::paginate;
use crate::params::Params;
use crate::reply::{ApiError, ok};

pub(crate) fn routes() -> Router<App> {
    let path = |tail: &str| format!("/projects/{{id}}/merge_requests/{{merge_request_iid}}/{tail}");
    Router::new()
        .route(&path("diffs"), get(diffs))
        .route(&path("changes"), get(changes))
        .route(&path("commits"), get(commits))
        .route(&path("pipelines"), get(pipelines))
}

/// One diff object per file, paginated by file. `unidiff` (full `---`/`+++` headers) is
/// accepted and ignored: the sandbox always sends GitLab's default, hunks only.
async fn diffs(
    State(app): State<App>,
    Path((id, mr_iid)): Path<(String, String)>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.bool("unidiff")?;
        let (project_id, iid) = find(store, &id, &mr_iid)?;
        let project = &store.projects[&project_id];
        let items = store
            .merge_request_diffs(project, &project.merge_requests[&iid])
            .iter()
            .map(|d| d.json())
            .collect();
        paginate(items, &params, &store.base, &uri)
    })
}

/// The merge request with every file's diff in `changes`, not paginated. GitLab counts the
/// files in `changes_count` as a string (it says "1000+" past its limit) and sets
/// `overflow` when it had to cut the list, which the sandbox never does.
async fn changes(
    State(app): State<App>,
    Path((id, mr_iid)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.bool("access_raw_diffs")?;
        params.bool("unidiff")?;
        let (project_id, iid) = find(store, &id, &mr_iid)?;
        let project = &store.projects[&project_id];
        let changes: Vec<Value> = store
            .merge_request_diffs(project, &project.merge_requests[&iid])
            .iter()
            .map(|d| d.json())
            .collect();
        let mut value = render(store, project_id, iid);
        value["changes_count"] = json!(changes.len().to_string());
        value["changes"] = Value::Array(changes);
        value["overflow"] = json!(false);
        Ok(ok(StatusCode::OK, value))
    })
}

/// The commits the source brings, newest first; paginated with GitLab's counts.
async fn commits(
    State(app): State<App>,
    Path((id, mr_iid)): Path<(String, String)>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let (project_id, iid) = find(store, &id, &mr_iid)?;
        let project = &store.projects[&project_id];
        let items = store
            .merge_request_commits(project, &project.merge_requests[&iid])
            .into_iter()
            .map(|c| store.commit_json(project, c))
            .collect();
        paginate(items, &params, &store.base, &uri)
    })
}

/// GitLab's `all_pipelines` of a merge request: pipelines on its source branch for one of
/// its commits, newest first, as pipeline basics.
async fn pipelines(
    State(app): State<App>,
    Path((id, mr_iid)): Path<(String, String)>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let (project_id, iid) = find(store, &id, &mr_iid)?;
        let project = &store.projects[&project_id];
        let mr = &project.merge_requests[&iid];
        let mut shas: Vec<String> = store
            .merge_request_commits(project, mr)
            .into_iter()
            .map(|c| c.id.clone())
            .collect();
        shas.push(mr.sha.clone());
        let items = project
            .pipelines
            .values()
            .rev()
            .filter(|p| p.ref_name == mr.source_branch && shas.contains(&p.sha))
            .map(|p| store.pipeline_basic_json(project, p))
            .collect();
        paginate(items, &params, &store.base, &uri)
    })
}
