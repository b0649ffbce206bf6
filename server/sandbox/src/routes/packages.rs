//! `/projects/:id/packages[/:package_id[/package_files[/:package_file_id]|/pipelines]]` and
//! `/groups/:id/packages`: a project's or a group's packages, one package, its files and
//! the pipelines that published it. Deleting a package hides it at once (GitLab marks it
//! `pending_destruction` and removes it later); deleting a file removes it from the
//! package.

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::{delete, get};
use serde_json::Value;

use crate::app::App;
use crate::pagination::paginate;
use crate::param_rules::{self, Rule};
use crate::params::{Params, invalid};
use crate::reply::{ApiError, no_content, ok};
use crate::store::people::Namespace;
use crate::store::registry::Package;
use crate::store::{Group, Store};

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route("/projects/{id}/packages", get(list))
        .route("/groups/{id}/packages", get(group_list))
        .route(
            "/projects/{id}/packages/{package_id}",
            get(show).delete(remove),
        )
        .route(
            "/projects/{id}/packages/{package_id}/pipelines",
            get(pipelines),
        )
        .route(
            "/projects/{id}/packages/{package_id}/package_files",
            get(files),
        )
        .route(
            "/projects/{id}/packages/{package_id}/package_files/{package_file_id}",
            delete(remove_file),
        )
}

/// `Packages::Package.package_types`.
const PACKAGE_TYPES: &[&str] = &[
    "maven",
    "npm",
    "conan",
    "nuget",
    "pypi",
    "composer",
    "generic",
    "golang",
    "debian",
    "rubygems",
    "helm",
    "terraform_module",
    "rpm",
    "ml_model",
];

/// `Packages::Package.statuses`.
const STATUSES: &[&str] = &[
    "default",
    "hidden",
    "processing",
    "error",
    "pending_destruction",
    "deprecated",
];

/// What a list shows unless `status` asks for another (GitLab's displayable statuses).
const DISPLAYED: &[&str] = &["default", "error", "deprecated"];

const PROJECT_LIST_RULES: &[Rule] = &[
    Rule::Values("order_by", &["created_at", "name", "version", "type"]),
    Rule::Values("sort", &["asc", "desc"]),
    Rule::Values("package_type", PACKAGE_TYPES),
    Rule::Values("status", STATUSES),
];

const GROUP_LIST_RULES: &[Rule] = &[
    Rule::Values(
        "order_by",
        &["created_at", "name", "version", "type", "project_path"],
    ),
    Rule::Values("sort", &["asc", "desc"]),
    Rule::Values("package_type", PACKAGE_TYPES),
    Rule::Values("status", STATUSES),
];

/// The packages `params` ask for among `found`, in the order they ask for (GitLab's
/// default: oldest first), each with its project's full path.
fn chosen<'a>(
    store: &'a Store,
    mut found: Vec<&'a Package>,
    params: &Params,
) -> Result<Vec<&'a Package>, ApiError> {
    let status = params.str("status")?;
    let name = params.str("package_name")?.map(|n| n.to_lowercase());
    let version = params.str("package_version")?;
    let package_type = params.str("package_type")?;
    let versionless = params.bool("include_versionless")?.unwrap_or(false);
    found.retain(|p| match &status {
        Some(status) => p.status == status,
        None => DISPLAYED.contains(&p.status),
    });
    found.retain(|p| {
        name.as_ref()
            .is_none_or(|n| p.name.to_lowercase().contains(n))
            && package_type.as_ref().is_none_or(|t| p.package_type == t)
            && match &version {
                Some(v) => p.version.as_ref() == Some(v),
                None => versionless || p.version.is_some(),
            }
    });
    let path = |p: &Package| store.full_path(&store.projects[&p.project_id]);
    match params.str("order_by")?.as_deref().unwrap_or("created_at") {
        "name" => found.sort_by(|a, b| a.name.cmp(&b.name)),
        "version" => found.sort_by(|a, b| a.version.cmp(&b.version)),
        "type" => found.sort_by(|a, b| a.package_type.cmp(b.package_type)),
        "project_path" => found.sort_by_key(|p| path(p)),
        _ => found.sort_by(|a, b| (&a.created_at, a.id).cmp(&(&b.created_at, b.id))),
    }
    if params.str("sort")?.as_deref() == Some("desc") {
        found.reverse();
    }
    Ok(found)
}

async fn list(
    State(app): State<App>,
    OriginalUri(uri): OriginalUri,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project = store.project_id(&id)?;
        param_rules::check(PROJECT_LIST_RULES, &params.0)?;
        let found = store
            .registry
            .packages
            .values()
            .filter(|p| p.project_id == project)
            .collect();
        let items = chosen(store, found, &params)?
            .into_iter()
            .map(|p| store.package_json(&store.projects[&project], p, false))
            .collect();
        paginate(items, &params, &store.base, &uri)
    })
}

/// The group and, unless `exclude_subgroups`, every group below it.
fn groups_within(store: &Store, group: &Group, exclude_subgroups: bool) -> Vec<u64> {
    let mut within = vec![group.id];
    if exclude_subgroups {
        return within;
    }
    let mut index = 0;
    while index < within.len() {
        let parent = within[index];
        within.extend(
            store
                .groups
                .values()
                .filter(|g| g.parent_id == Some(parent))
                .map(|g| g.id),
        );
        index += 1;
    }
    within
}

async fn group_list(
    State(app): State<App>,
    OriginalUri(uri): OriginalUri,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let group = store.group_named(&id)?;
        param_rules::check(GROUP_LIST_RULES, &params.0)?;
        let exclude = params.bool("exclude_subgroups")?.unwrap_or(false);
        let groups = groups_within(store, group, exclude);
        let found = store
            .registry
            .packages
            .values()
            .filter(|p| {
                matches!(store.projects[&p.project_id].namespace,
                    Namespace::Group(g) if groups.contains(&g))
            })
            .collect();
        let items = chosen(store, found, &params)?
            .into_iter()
            .map(|p| store.package_json(&store.projects[&p.project_id], p, true))
            .collect();
        paginate(items, &params, &store.base, &uri)
    })
}

/// The project and the package the path names: `package_id is invalid` when not a number,
/// `404 Not found` when the project has no such package to show.
fn package<'a>(
    store: &'a Store,
    id: &str,
    package_id: &str,
) -> Result<(u64, &'a Package), ApiError> {
    let project = store.project_id(id)?;
    let package_id: u64 = package_id.parse().map_err(|_| invalid("package_id"))?;
    let package = store
        .registry
        .package(project, package_id)
        .ok_or_else(not_found)?;
    Ok((project, package))
}

/// GitLab's answer for a record its finder does not find.
fn not_found() -> ApiError {
    ApiError::message(StatusCode::NOT_FOUND, "404 Not found")
}

async fn show(
    State(app): State<App>,
    Path((id, package_id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let (project, package) = package(store, &id, &package_id)?;
        Ok(ok(
            StatusCode::OK,
            store.package_json(&store.projects[&project], package, false),
        ))
    })
}

/// The pipelines that published the package, newest first; GitLab pages them 20 at most.
async fn pipelines(
    State(app): State<App>,
    OriginalUri(uri): OriginalUri,
    Path((id, package_id)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let (project, package) = package(store, &id, &package_id)?;
        if params
            .u64("per_page")?
            .is_some_and(|n| !(1..=20).contains(&n))
        {
            return Err(ApiError::error("per_page does not have a valid value"));
        }
        let project = &store.projects[&project];
        let items: Vec<Value> = package
            .pipeline_ids
            .iter()
            .rev()
            .filter_map(|id| project.pipelines.get(id))
            .map(|pipeline| store.package_pipeline_json(project, pipeline))
            .collect();
        paginate(items, &params, &store.base, &uri)
    })
}

async fn remove(
    State(app): State<App>,
    Path((id, package_id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let (_, package) = package(store, &id, &package_id)?;
        let id = package.id;
        store.registry.packages.get_mut(&id).expect("found").status = "pending_destruction";
        Ok(no_content())
    })
}

async fn files(
    State(app): State<App>,
    OriginalUri(uri): OriginalUri,
    Path((id, package_id)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let (_, package) = package(store, &id, &package_id)?;
        let items = package
            .files
            .iter()
            .map(|file| store.package_file_json(package, file))
            .collect();
        paginate(items, &params, &store.base, &uri)
    })
}

/// `404 Not Found` for a file the package does not have (the route's own `not_found!`).
async fn remove_file(
    State(app): State<App>,
    Path((id, package_id, file_id)): Path<(String, String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let (_, package) = package(store, &id, &package_id)?;
        let file_id: u64 = file_id.parse().map_err(|_| invalid("package_file_id"))?;
        let package_id = package.id;
        let files = &mut store
            .registry
            .packages
            .get_mut(&package_id)
            .expect("found")
            .files;
        let index = files
            .iter()
            .position(|f| f.id == file_id)
            .ok_or_else(|| ApiError::not_found(""))?;
        files.remove(index);
        Ok(no_content())
    })
}
