//! `/projects[/:id]`.

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use serde_json::json;

use crate::app::App;
use crate::pagination::{Order, paginate};
use crate::params::Params;
use crate::reply::{ApiError, ok};
use crate::store::repository::valid_ref_name;
use crate::store::{CURRENT_USER, Namespace, Project, Store};

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route("/projects", get(list).post(create))
        .route("/projects/{id}", get(show).put(update).delete(remove))
}

pub(super) const VISIBILITIES: &[&str] = &["private", "internal", "public"];
const SQUASH_OPTIONS: &[&str] = &["never", "always", "default_on", "default_off"];
const NAME_RULE: &str = "can contain only letters, digits, emoji, '_', '.', '+', dashes, or spaces. \
                         It must start with a letter, digit, emoji, or '_'.";
const PATH_RULE: &str = "can contain only letters, digits, '_', '-' and '.'. Cannot start with '-', \
                         end in '.git' or end in '.atom'";
const TAKEN: &str = "has already been taken";

/// `POST /projects`, in the current user's own namespace (`sandbox-user/<path>`). `default_branch` only counts together with
/// `initialize_with_readme`; without a README the repository is empty and reports `main`.
async fn create(State(app): State<App>, params: Params) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require_any(&["name", "path"])?;
        let visibility = params
            .choice("visibility", VISIBILITIES)?
            .unwrap_or_else(|| "private".to_owned());
        let readme = params.bool("initialize_with_readme")?.unwrap_or(false);
        let default_branch = params.text("default_branch")?;
        let description = params.text("description")?;
        let name_param = params.text("name")?;
        let path_param = params.text("path")?;
        let name = name_param
            .clone()
            .or_else(|| path_param.clone())
            .unwrap_or_default();
        let path = path_param.unwrap_or_else(|| path_from_name(&name));
        let namespace = Namespace::User(CURRENT_USER);
        check_name_and_path(store, namespace, &name, &path, None)?;
        let readme_branch = match (readme, default_branch) {
            (false, _) => None,
            (true, None) => Some("main".to_owned()),
            (true, Some(branch)) if valid_ref_name(&branch) => Some(branch),
            (true, Some(_)) => return Err(crate::params::invalid("default_branch")),
        };
        let id = store.add_project(
            &name,
            &path,
            namespace,
            &visibility,
            readme_branch.as_deref(),
        );
        store.project_mut(id).description = description;
        Ok(ok(
            StatusCode::CREATED,
            store.project_json(&store.projects[&id]),
        ))
    })
}

async fn show(State(app): State<App>, Path(id): Path<String>) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project = store.project(&id)?;
        Ok(ok(StatusCode::OK, store.project_json(project)))
    })
}

/// Filters: `search` (name or path; with `search_namespaces`, the full path too), `visibility`, `archived`, `membership` (projects the
/// user is a member of, through a group too), `owned` (those the user owns), `min_access_level`;
/// `order_by` id, name, path, created_at (default), updated_at or last_activity_at (which
/// every change to a project's content moves), newest first unless `sort=asc`.
async fn list(
    State(app): State<App>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let search = params.text("search")?.map(|s| s.to_lowercase());
        let namespaces = params.bool("search_namespaces")?.unwrap_or(false);
        let visibility = params.choice("visibility", VISIBILITIES)?;
        let order_by = params.choice(
            "order_by",
            &[
                "id",
                "name",
                "path",
                "created_at",
                "updated_at",
                "last_activity_at",
            ],
        )?;
        let order = Order::read(&params)?;
        // GitLab pairs the `updated_at` filters with that order (the default order is
        // `created_at`): any other is a slow query it refuses.
        let by_updated = params.has("updated_before") || params.has("updated_after");
        if by_updated && order_by.as_deref().unwrap_or("created_at") != "updated_at" {
            return Err(ApiError::bad_request_because(
                "`updated_at` filter and `updated_at` sorting must be paired",
            ));
        }
        let archived = params.bool("archived")?;
        let membership = params.bool("membership")?.unwrap_or(false);
        let owned = params.bool("owned")?.unwrap_or(false);
        let min_access = params
            .choice(
                "min_access_level",
                &["5", "10", "15", "20", "30", "40", "50"],
            )?
            .and_then(|l| l.parse::<u8>().ok());
        params.bool("simple")?;
        params.bool("starred")?;
        let access = |p: &Project| store.access_level(p, CURRENT_USER);
        let mut projects: Vec<&Project> = store
            .projects
            .values()
            .filter(|p| {
                search.as_deref().is_none_or(|s| {
                    p.name.to_lowercase().contains(s)
                        || p.path.to_lowercase().contains(s)
                        || (namespaces && store.full_path(p).to_lowercase().contains(s))
                })
            })
            .filter(|p| visibility.as_deref().is_none_or(|v| v == p.visibility))
            .filter(|p| archived.is_none_or(|a| a == p.archived))
            .filter(|p| !membership || access(p).is_some())
            .filter(|p| !owned || access(p) == Some(crate::store::people::access::OWNER))
            .filter(|p| min_access.is_none_or(|min| access(p).is_some_and(|l| l >= min)))
            .collect();
        match order_by.as_deref() {
            Some("name") => projects.sort_by_key(|p| p.name.to_lowercase()),
            Some("path") => projects.sort_by(|a, b| a.path.cmp(&b.path)),
            Some("last_activity_at" | "updated_at") => projects
                .sort_by(|a, b| (&a.last_activity_at, a.id).cmp(&(&b.last_activity_at, b.id))),
            Some("id") => projects.sort_by_key(|p| p.id),
            _ => projects.sort_by(|a, b| (&a.created_at, a.id).cmp(&(&b.created_at, b.id))),
        }
        let items = order
            .arrange(projects)
            .into_iter()
            .map(|p| store.project_json(p))
            .collect();
        paginate(items, &params, &store.base, &uri)
    })
}

async fn update(
    State(app): State<App>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require_any(&[
            "name",
            "path",
            "description",
            "visibility",
            "default_branch",
            "squash_option",
        ])?;
        let name = params.text("name")?;
        let squash_option = params.choice("squash_option", SQUASH_OPTIONS)?;
        let path = params.text("path")?;
        let description = params.replacement("description")?;
        let visibility = params.choice("visibility", VISIBILITIES)?;
        let default_branch = params.text("default_branch")?;
        let id = store.project_id(&id)?;
        let project = &store.projects[&id];
        let new_name = name.unwrap_or_else(|| project.name.clone());
        let new_path = path.unwrap_or_else(|| project.path.clone());
        check_name_and_path(store, project.namespace, &new_name, &new_path, Some(id))?;
        if let Some(branch) = &default_branch
            && !project.repository.branches.contains_key(branch)
        {
            let problem = format!("Could not change HEAD: branch '{branch}' does not exist");
            return Err(ApiError::fields(&[("base", &problem)]));
        }
        let project = store.project_mut(id);
        project.name = new_name;
        project.path = new_path;
        if let Some(description) = description {
            project.description = description;
        }
        if let Some(visibility) = visibility {
            project.visibility = visibility;
        }
        if let Some(branch) = default_branch {
            project.default_branch = branch;
        }
        if let Some(squash_option) = squash_option {
            project.squash_option = squash_option;
        }
        project.touch();
        Ok(ok(StatusCode::OK, store.project_json(&store.projects[&id])))
    })
}

/// GitLab answers 202 `{"message":"202 Accepted"}`; here the project is gone at once.
async fn remove(State(app): State<App>, Path(id): Path<String>) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let id = store.project_id(&id)?;
        store.projects.remove(&id);
        Ok(ok(StatusCode::ACCEPTED, json!({"message": "202 Accepted"})))
    })
}

/// Name and path rules, then uniqueness in the namespace (case-insensitive), every problem at once.
fn check_name_and_path(
    store: &Store,
    namespace: Namespace,
    name: &str,
    path: &str,
    this: Option<u64>,
) -> Result<(), ApiError> {
    let problems = name_and_path_problems(store, namespace, name, path, this);
    if problems.is_empty() {
        Ok(())
    } else {
        Err(ApiError::fields(&problems))
    }
}

/// The project model's refusals of `name` and `path` in `namespace`, as `(field, problem)`.
pub(super) fn name_and_path_problems(
    store: &Store,
    namespace: Namespace,
    name: &str,
    path: &str,
    this: Option<u64>,
) -> Vec<(&'static str, &'static str)> {
    let mut problems: Vec<(&str, &str)> = Vec::new();
    if !valid_name(name) {
        problems.push(("name", NAME_RULE));
    }
    if name.chars().count() > 255 {
        problems.push(("name", "is too long (maximum is 255 characters)"));
    }
    if !valid_path(path) {
        problems.push(("path", PATH_RULE));
    }
    let others = || {
        store
            .projects
            .values()
            .filter(|p| Some(p.id) != this && p.namespace == namespace)
    };
    if others().any(|p| p.name.to_lowercase() == name.to_lowercase()) {
        problems.push(("name", TAKEN));
    }
    if others().any(|p| p.path.to_lowercase() == path.to_lowercase()) {
        problems.push(("path", TAKEN));
    }
    problems
}

fn valid_name(name: &str) -> bool {
    let emoji = |c: char| ('\u{00A9}'..='\u{1F9FF}').contains(&c) && !c.is_alphanumeric();
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_alphanumeric() || c == '_' || emoji(c))
        && chars.all(|c| c.is_alphanumeric() || emoji(c) || "_.+- ".contains(c))
}

fn valid_path(path: &str) -> bool {
    let mut chars = path.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || "_-.".contains(c))
        && !path.ends_with(".git")
        && !path.ends_with(".atom")
}

/// Like GitLab (Rails' `parameterize`): lowercase, anything but letters, digits, `_` and `-`
/// becomes one dash, no dashes at the ends.
pub(super) fn path_from_name(name: &str) -> String {
    let mut path = String::new();
    for c in name.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() || c == '_' {
            path.push(c);
        } else if !path.ends_with('-') {
            path.push('-');
        }
    }
    path.trim_matches('-').to_owned()
}
