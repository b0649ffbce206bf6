//! `/projects/:id/repository/branches`: listing and creating branches, so that merge requests
//! can be tried (and tested) beyond the demo project's two branches.

use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde_json::{Value, json};

use super::valid_ref_name;
use crate::App;
use crate::params::Params;
use crate::reply::{ApiError, ok, paginate};
use crate::store::{Project, Store};

/// Sorted by name, GitLab's default; `search` filters by name.
pub(super) async fn list(
    State(app): State<App>,
    Path(id): Path<String>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let search = params.text("search")?;
        let project = store.project(&id)?;
        let items = project
            .branches
            .iter()
            .filter(|(name, _)| search.as_deref().is_none_or(|s| name.contains(s)))
            .map(|(name, sha)| branch_json(store, project, name, sha))
            .collect();
        paginate(items, &params, &store.base, &uri)
    })
}

/// `POST {branch, ref}`: `ref` is a branch, a tag or a commit of the project.
pub(super) async fn create(
    State(app): State<App>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require(&["branch", "ref"])?;
        let branch = params.str("branch")?.unwrap_or_default();
        let reference = params.str("ref")?.unwrap_or_default();
        let project = store.project(&id)?;
        let project_id = project.id;
        if !valid_ref_name(&branch) {
            return Err(ApiError::bad_request("Branch name is invalid"));
        }
        if project.branches.contains_key(&branch) {
            return Err(ApiError::bad_request("Branch already exists"));
        }
        let Some(sha) = project.resolve(&reference) else {
            return Err(ApiError::bad_request(format!(
                "Invalid reference name: {reference}"
            )));
        };
        let project = store.project_mut(project_id);
        project.branches.insert(branch.clone(), sha.clone());
        project.touch();
        let project = &store.projects[&project_id];
        Ok(ok(
            StatusCode::CREATED,
            branch_json(store, project, &branch, &sha),
        ))
    })
}

fn branch_json(store: &Store, project: &Project, name: &str, sha: &str) -> Value {
    let is_default = name == project.default_branch;
    json!({
        "name": name,
        "merged": false,
        "protected": is_default,
        "default": is_default,
        "developers_can_push": false,
        "developers_can_merge": false,
        "can_push": true,
        "web_url": format!("{}/-/tree/{name}", store.web_url(project)),
        "commit": {"id": sha, "short_id": &sha[..8.min(sha.len())], "title": "Sandbox commit"},
    })
}
