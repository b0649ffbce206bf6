//! `/projects/:id/protected_branches[/:name]`: protecting branches (names or `*` wildcards)
//! with push and merge access levels.

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;

use super::branches::name_matches;
use crate::app::App;
use crate::pagination::paginate;
use crate::params::Params;
use crate::reply::{ApiError, no_content, ok};
use crate::store::Ids;
use crate::store::people::access;
use crate::store::repository::ProtectedBranch;

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route("/projects/{id}/protected_branches", get(list).post(protect))
        .route(
            "/projects/{id}/protected_branches/{name}",
            get(show).delete(unprotect),
        )
}

/// GitLab's `ProtectedRefAccess::ALLOWED_ACCESS_LEVELS`: no one, developers, maintainers, admins.
const LEVELS: &[u8] = &[
    access::NO_ACCESS,
    access::DEVELOPER,
    access::MAINTAINER,
    access::ADMIN,
];

/// `404 Not found`: what GitLab answers when a record lookup fails (lower-case "found").
fn no_rule() -> ApiError {
    ApiError::message(StatusCode::NOT_FOUND, "404 Not found")
}

async fn list(
    State(app): State<App>,
    Path(id): Path<String>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let search = params.text("search")?;
        let project = store.project(&id)?;
        let items = project
            .repository
            .protected
            .values()
            .filter(|p| search.as_deref().is_none_or(|s| name_matches(&p.name, s)))
            .map(|p| store.protected_branch_json(p))
            .collect();
        paginate(items, &params, &store.base, &uri)
    })
}

async fn show(
    State(app): State<App>,
    Path((id, name)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project = store.project(&id)?;
        let rule = project
            .repository
            .protected
            .get(&name)
            .ok_or_else(no_rule)?;
        Ok(ok(StatusCode::OK, store.protected_branch_json(rule)))
    })
}

/// `POST {name, push_access_level, merge_access_level, allow_force_push}`; levels default to
/// maintainers (40). The branch need not exist yet: rules may name future branches.
async fn protect(
    State(app): State<App>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require(&["name"])?;
        let name = params.str("name")?.unwrap_or_default();
        let level = |key: &str| -> Result<u8, ApiError> {
            match params.u64(key)? {
                None => Ok(access::MAINTAINER),
                Some(level) => u8::try_from(level)
                    .ok()
                    .filter(|l| LEVELS.contains(l))
                    .ok_or_else(|| ApiError::error(format!("{key} does not have a valid value"))),
            }
        };
        let push_access_level = level("push_access_level")?;
        let merge_access_level = level("merge_access_level")?;
        let allow_force_push = params.bool("allow_force_push")?.unwrap_or(false);
        let project_id = store.project_id(&id)?;
        if store.projects[&project_id]
            .repository
            .protected
            .contains_key(&name)
        {
            return Err(ApiError::message(
                StatusCode::CONFLICT,
                format!("Protected branch '{name}' already exists"),
            ));
        }
        let rule = ProtectedBranch {
            id: Ids::next(&mut store.ids.protected_branch),
            name: name.clone(),
            push_access_level,
            merge_access_level,
            allow_force_push,
            access_ids: (
                Ids::next(&mut store.ids.access_level),
                Ids::next(&mut store.ids.access_level),
            ),
        };
        let body = store.protected_branch_json(&rule);
        let project = store.project_mut(project_id);
        project.repository.protected.insert(name, rule);
        project.touch();
        Ok(ok(StatusCode::CREATED, body))
    })
}

async fn unprotect(
    State(app): State<App>,
    Path((id, name)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project_id = store.project_id(&id)?;
        let project = store.project_mut(project_id);
        project
            .repository
            .protected
            .remove(&name)
            .ok_or_else(no_rule)?;
        project.touch();
        Ok(no_content())
    })
}
