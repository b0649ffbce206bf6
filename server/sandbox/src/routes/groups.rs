//! `/groups[/:id[/projects]]`; `:id` is a group's id or its full path.

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;

use crate::app::App;
use crate::pagination::paginate;
use crate::params::Params;
use crate::reply::{ApiError, ok};
use crate::store::{CURRENT_USER, Group, Project};

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route("/groups", get(list))
        .route("/groups/{id}", get(show))
        .route("/groups/{id}/projects", get(projects))
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
        let search = params.text("search")?.map(|s| s.to_lowercase());
        let owned = params.bool("owned")?.unwrap_or(false);
        params.bool("top_level_only")?;
        params.bool("all_available")?;
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
        let mut groups: Vec<&Group> = store
            .groups
            .values()
            .filter(|g| {
                search.as_deref().is_none_or(|s| {
                    g.name.to_lowercase().contains(s) || g.path.to_lowercase().contains(s)
                })
            })
            .filter(|g| !owned || level(g) == Some(crate::store::people::access::OWNER))
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
        let items = groups.into_iter().map(|g| store.group_json(g)).collect();
        paginate(items, &params, &store.base, &uri)
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
