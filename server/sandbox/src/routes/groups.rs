//! `/groups[/:id[/projects|/subgroups|/descendant_groups]]` and `/namespaces[/:id]`; `:id`
//! is a group's id or its full path. Creating a group, or changing one.

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;

use crate::app::App;
use crate::pagination::paginate;
use crate::params::Params;
use crate::reply::{ApiError, ok};
use crate::store::{CURRENT_USER, Group, Member, Namespace, Project, now};

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route("/groups", get(list).post(create))
        .route("/groups/{id}", get(show).put(update))
        .route("/groups/{id}/projects", get(projects))
        .route("/groups/{id}/subgroups", get(subgroups))
        .route("/groups/{id}/descendant_groups", get(descendants))
        .route("/namespaces", get(namespaces))
        .route("/namespaces/{id}", get(namespace))
}

/// GitLab's access levels, the values `min_access_level` takes.
const ACCESS_LEVELS: &[&str] = &["10", "15", "20", "30", "40", "50"];

/// `search` (name or path), `owned`, `top_level_only`, `min_access_level`, `visibility`,
/// `skip_groups`, `all_available`; `order_by` name (default), path, id or similarity; `sort`
/// asc (default) or desc.
async fn list(
    State(app): State<App>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.bool("all_available")?;
        let groups = filtered(&params, store.groups.values().collect())?;
        let items = groups.into_iter().map(|g| store.group_json(g)).collect();
        paginate(items, &params, &store.base, &uri)
    })
}

/// The groups directly under one, filtered and sorted as `GET /groups` does.
async fn subgroups(
    State(app): State<App>,
    Path(id): Path<String>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    under(&app, &id, &uri, &params, true)
}

/// The groups under one at any depth, filtered and sorted as `GET /groups` does.
async fn descendants(
    State(app): State<App>,
    Path(id): Path<String>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    under(&app, &id, &uri, &params, false)
}

/// The groups under group `id`: its children only when `direct`, else at any depth.
fn under(
    app: &App,
    id: &str,
    uri: &axum::http::Uri,
    params: &Params,
    direct: bool,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.bool("all_available")?;
        let parent = store.group_named(id)?;
        let (parent_id, prefix) = (parent.id, format!("{}/", parent.path));
        let found = store
            .groups
            .values()
            .filter(|g| {
                if direct {
                    g.parent_id == Some(parent_id)
                } else {
                    g.path.starts_with(&prefix)
                }
            })
            .collect();
        let items = filtered(params, found)?
            .into_iter()
            .map(|g| store.group_json(g))
            .collect();
        paginate(items, params, &store.base, uri)
    })
}

/// `search` (name or path), `owned`, `top_level_only`, `min_access_level`, `visibility`,
/// `skip_groups`; `order_by` name (default), path, id or similarity; `sort` asc (default)
/// or desc.
fn filtered<'a>(params: &Params, groups: Vec<&'a Group>) -> Result<Vec<&'a Group>, ApiError> {
    let search = params.text("search")?.map(|s| s.to_lowercase());
    let owned = params.bool("owned")?.unwrap_or(false);
    let top_level_only = params.bool("top_level_only")?.unwrap_or(false);
    params.bool("statistics")?;
    let min_access = params
        .choice("min_access_level", ACCESS_LEVELS)?
        .map(|l| l.parse::<u8>().unwrap_or(0));
    let visibility = params.choice("visibility", &["public", "internal", "private"])?;
    let skip = params.numbers("skip_groups")?.unwrap_or_default();
    let order_by = params
        .choice("order_by", &["name", "path", "id", "similarity"])?
        .unwrap_or_else(|| "name".to_owned());
    let descending = params.choice("sort", &["asc", "desc"])?.as_deref() == Some("desc");
    let level = |g: &Group| {
        g.members
            .iter()
            .find(|m| m.user_id == CURRENT_USER)
            .map(|m| m.access_level)
    };
    let mut groups: Vec<&Group> = groups
        .into_iter()
        .filter(|g| {
            search.as_deref().is_none_or(|s| {
                g.name.to_lowercase().contains(s) || g.path.to_lowercase().contains(s)
            })
        })
        .filter(|g| !owned || level(g) == Some(crate::store::people::access::OWNER))
        .filter(|g| !top_level_only || g.parent_id.is_none())
        .filter(|g| min_access.is_none_or(|min| level(g).is_some_and(|l| l >= min)))
        .filter(|g| visibility.as_deref().is_none_or(|v| v == g.visibility))
        .filter(|g| !skip.contains(&g.id))
        .collect();
    groups.sort_by(|a, b| match order_by.as_str() {
        "path" => a.path.cmp(&b.path),
        "id" => a.id.cmp(&b.id),
        _ => a.name.to_lowercase().cmp(&b.name.to_lowercase()),
    });
    if descending {
        groups.reverse();
    }
    Ok(groups)
}

/// `POST {name, path, parent_id?, description?, visibility?}`: 201 with the new group,
/// its creator its owner; GitLab's 400 for a taken or malformed path.
async fn create(State(app): State<App>, params: Params) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require(&["name", "path"])?;
        let name = params.str("name")?.unwrap_or_default();
        let path = params.str("path")?.unwrap_or_default();
        let description = params.text("description")?.unwrap_or_default();
        let visibility = params
            .choice("visibility", &["public", "internal", "private"])?
            .unwrap_or_else(|| "private".to_owned());
        let parent = match params.u64("parent_id")? {
            Some(id) => Some(store.group_named(&id.to_string())?.path.clone()),
            None => None,
        };
        check_path(&path)?;
        let full_path = parent.map_or_else(|| path.clone(), |parent| format!("{parent}/{path}"));
        if store
            .groups
            .values()
            .any(|g| g.path.eq_ignore_ascii_case(&full_path))
            || (params.u64("parent_id")?.is_none()
                && store
                    .users
                    .values()
                    .any(|u| u.username.eq_ignore_ascii_case(&path)))
        {
            return Err(ApiError::error(
                "Failed to save group {:path=>[\"has already been taken\"]}",
            ));
        }
        let id = store.next_namespace_id();
        let group = Group {
            id,
            name,
            path: full_path,
            description,
            visibility,
            created_at: now(),
            members: vec![Member {
                user_id: CURRENT_USER,
                access_level: crate::store::people::access::OWNER,
                created_at: now(),
            }],
            parent_id: params.u64("parent_id")?,
        };
        let answer = store.group_detail_json(&group, false);
        store.groups.insert(id, group);
        Ok(ok(StatusCode::CREATED, answer))
    })
}

/// `PUT {name?, path?, description?, visibility?}`: 200 with the group changed; a new path
/// moves the groups under it along.
async fn update(
    State(app): State<App>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let fields = ["name", "path", "description", "visibility"];
        if !fields.iter().any(|f| params.has(f)) {
            return Err(ApiError::none_of(&fields));
        }
        let visibility = params.choice("visibility", &["public", "internal", "private"])?;
        let id = store.group_named(&id)?.id;
        let old_path = store.groups[&id].path.clone();
        let new_path = match params.str("path")? {
            Some(path) => {
                check_path(&path)?;
                let full = match old_path.rsplit_once('/') {
                    Some((parent, _)) => format!("{parent}/{path}"),
                    None => path,
                };
                if full != old_path
                    && store
                        .groups
                        .values()
                        .any(|g| g.path.eq_ignore_ascii_case(&full))
                {
                    return Err(ApiError::error(
                        "Failed to save group {:path=>[\"has already been taken\"]}",
                    ));
                }
                full
            }
            None => old_path.clone(),
        };
        let prefix = format!("{old_path}/");
        for group in store.groups.values_mut() {
            if let Some(rest) = group.path.strip_prefix(&prefix) {
                group.path = format!("{new_path}/{rest}");
            }
        }
        let group = store.groups.get_mut(&id).expect("found above");
        group.path = new_path;
        if let Some(name) = params.str("name")? {
            group.name = name;
        }
        if let Some(description) = params.text("description")? {
            group.description = description;
        }
        if let Some(visibility) = visibility {
            group.visibility = visibility;
        }
        let group = &store.groups[&id];
        Ok(ok(StatusCode::OK, store.group_detail_json(group, false)))
    })
}

/// GitLab's rule for a group path: letters, digits, `_`, `-` and `.`, not starting or
/// ending with a `-` or `.`.
fn check_path(path: &str) -> Result<(), ApiError> {
    let allowed = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.');
    if path.is_empty()
        || !path.chars().all(allowed)
        || path.starts_with(['-', '.'])
        || path.ends_with(['-', '.'])
    {
        return Err(ApiError::error(
            "Failed to save group {:path=>[\"can contain only letters, digits, '_', '-' and '.'. Cannot start with '-' or end in '.', '.git' or '.atom'.\"]}",
        ));
    }
    Ok(())
}

/// The caller's own namespace, then every group (the sandbox's user is an admin), by
/// `search` in the path; `owned_only` keeps the caller's and the groups they own.
async fn namespaces(
    State(app): State<App>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let search = params.text("search")?.map(|s| s.to_lowercase());
        let owned_only = params.bool("owned_only")?.unwrap_or(false);
        let owns = |g: &Group| {
            g.members.iter().any(|m| {
                m.user_id == CURRENT_USER && m.access_level == crate::store::people::access::OWNER
            })
        };
        let items = std::iter::once(Namespace::User(CURRENT_USER))
            .chain(
                store
                    .groups
                    .values()
                    .filter(|g| !owned_only || owns(g))
                    .map(|g| Namespace::Group(g.id)),
            )
            .filter(|n| {
                search
                    .as_deref()
                    .is_none_or(|s| store.namespace_path(*n).to_lowercase().contains(s))
            })
            .map(|n| store.namespace_json(n))
            .collect();
        paginate(items, &params, &store.base, &uri)
    })
}

/// One namespace by id or full path: a group's, or a user's by username.
async fn namespace(State(app): State<App>, Path(id): Path<String>) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let by_user = store.users.values().find(|u| {
            u.id.to_string() == id || u.username.eq_ignore_ascii_case(id.trim_matches('/'))
        });
        let namespace = match (store.group_named(&id), by_user) {
            (Ok(group), _) => Namespace::Group(group.id),
            (Err(_), Some(user)) => Namespace::User(user.id),
            (Err(_), None) => return Err(ApiError::not_found("Namespace")),
        };
        Ok(ok(StatusCode::OK, store.namespace_json(namespace)))
    })
}

/// The group with `shared_with_groups` and, unless `with_projects=false`, its projects.
async fn show(
    State(app): State<App>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let with_projects = params.bool("with_projects")?.unwrap_or(true);
        params.bool("with_custom_attributes")?;
        let group = store.group_named(&id)?;
        Ok(ok(
            StatusCode::OK,
            store.group_detail_json(group, with_projects),
        ))
    })
}

/// The group's projects (it has no subgroups, so `include_subgroups` adds none): `search`,
/// `archived`, `visibility`, `owned`, `simple`; `order_by` created_at (default), id, name,
/// path, updated_at or last_activity_at; `sort` desc (default) or asc.
async fn projects(
    State(app): State<App>,
    Path(id): Path<String>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let search = params.text("search")?.map(|s| s.to_lowercase());
        let archived = params.bool("archived")?;
        let visibility = params.choice("visibility", &["public", "internal", "private"])?;
        let simple = params.bool("simple")?.unwrap_or(false);
        params.bool("owned")?;
        params.bool("include_subgroups")?;
        params.bool("with_shared")?;
        let order_by = params
            .choice(
                "order_by",
                &[
                    "id",
                    "name",
                    "path",
                    "created_at",
                    "updated_at",
                    "last_activity_at",
                    "similarity",
                    "star_count",
                ],
            )?
            .unwrap_or_else(|| "created_at".to_owned());
        let ascending = params.choice("sort", &["asc", "desc"])?.as_deref() == Some("asc");
        let group = store.group_named(&id)?;
        let mut projects: Vec<&Project> = store
            .group_projects(group.id)
            .into_iter()
            .filter(|p| {
                search.as_deref().is_none_or(|s| {
                    p.name.to_lowercase().contains(s) || p.path.to_lowercase().contains(s)
                })
            })
            .filter(|p| archived.is_none_or(|a| a == p.archived))
            .filter(|p| visibility.as_deref().is_none_or(|v| v == p.visibility))
            .collect();
        projects.sort_by(|a, b| {
            let key = |p: &Project| match order_by.as_str() {
                "name" => p.name.to_lowercase(),
                "path" => p.path.clone(),
                "created_at" => p.created_at.clone(),
                "updated_at" | "last_activity_at" => p.last_activity_at.clone(),
                _ => String::new(),
            };
            (key(a), a.id).cmp(&(key(b), b.id))
        });
        if !ascending {
            projects.reverse();
        }
        let items = projects
            .into_iter()
            .map(|p| {
                if simple {
                    store.project_basic_json(p)
                } else {
                    store.project_json(p)
                }
            })
            .collect();
        paginate(items, &params, &store.base, &uri)
    })
}
