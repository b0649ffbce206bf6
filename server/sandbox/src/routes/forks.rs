//! `POST /projects/:id/fork`.

use axum::Router;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::post;

use super::projects::{VISIBILITIES, name_and_path_problems};
use crate::app::App;
use crate::params::Params;
use crate::reply::{ApiError, ok};
use crate::store::fork::ForkRequest;
use crate::store::{CURRENT_USER, Namespace, Store};

pub(crate) fn routes() -> Router<App> {
    Router::new().route("/projects/{id}/fork", post(fork))
}

/// Into `namespace_id`, `namespace_path` or the deprecated `namespace` (id or path), else the
/// current user's namespace (`404 Namespace Not Found` for one that does not exist); `name`
/// and `path` default to the source's; `branches` forks one branch (`404 Source Branch Not
/// Found` if the source has no such branch). A name or path the namespace already has is
/// GitLab's 409 with the model's full messages: `["Name has already been taken", …]`.
async fn fork(
    State(app): State<App>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let namespace_id = params.u64("namespace_id")?;
        let namespace_path = params.text("namespace_path")?;
        let namespace = params.text("namespace")?;
        let name = params.text("name")?;
        let path = params.text("path")?;
        let description = params.text("description")?;
        let visibility = params.choice("visibility", VISIBILITIES)?;
        let branches = params.text("branches")?;
        params.bool("mr_default_target_self")?;
        let source_id = store.project_id(&id)?;
        let target = if let Some(id) = namespace_id {
            namespace_by_id(store, id)
        } else if let Some(path) = namespace_path {
            namespace_by_path(store, &path)
        } else if let Some(either) = namespace {
            match either.parse::<u64>() {
                Ok(id) => namespace_by_id(store, id),
                Err(_) => namespace_by_path(store, &either),
            }
        } else {
            Some(Namespace::User(CURRENT_USER))
        }
        .ok_or_else(|| ApiError::not_found("Namespace"))?;
        let source = &store.projects[&source_id];
        if let Some(branch) = &branches
            && !source.repository.branches.contains_key(branch)
        {
            return Err(ApiError::not_found("Source Branch"));
        }
        let name = name.unwrap_or_else(|| source.name.clone());
        let path = path.unwrap_or_else(|| source.path.clone());
        let problems = name_and_path_problems(store, target, &name, &path, None);
        if !problems.is_empty() {
            let messages: Vec<String> = problems
                .iter()
                .map(|(field, problem)| format!("{} {problem}", capitalized(field)))
                .collect();
            return Err(ApiError::messages(StatusCode::CONFLICT, &messages));
        }
        let request = ForkRequest {
            source: source_id,
            namespace: target,
            name,
            path,
            description: description.or_else(|| source.description.clone()),
            visibility: visibility.unwrap_or_else(|| source.visibility.clone()),
            branch: branches,
        };
        let fork = store.fork_project(request);
        Ok(ok(
            StatusCode::CREATED,
            store.project_json(&store.projects[&fork]),
        ))
    })
}

/// Namespace ids are shared: a user's own namespace has the user's id, groups follow.
fn namespace_by_id(store: &Store, id: u64) -> Option<Namespace> {
    if store.users.contains_key(&id) {
        Some(Namespace::User(id))
    } else {
        store
            .groups
            .contains_key(&id)
            .then_some(Namespace::Group(id))
    }
}

fn namespace_by_path(store: &Store, path: &str) -> Option<Namespace> {
    let path = path.trim_matches('/');
    store
        .user_named(path)
        .map(|u| Namespace::User(u.id))
        .or_else(|| {
            store
                .groups
                .values()
                .find(|g| g.path.eq_ignore_ascii_case(path))
                .map(|g| Namespace::Group(g.id))
        })
}

/// `name` → `Name`: how Rails starts a full error message.
fn capitalized(field: &str) -> String {
    let mut chars = field.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
