//! Iterations of a project's groups and of a group: `GET /projects/:id/iterations` and
//! `GET /groups/:id/iterations`.

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::response::Response;
use axum::routing::get;

use crate::app::App;
use crate::pagination::paginate;
use crate::param_rules::{self, Rule};
use crate::params::{Params, invalid};
use crate::reply::ApiError;
use crate::store::planning::iterations::Iteration;
use crate::store::{Namespace, Store, parse_time};

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route("/projects/{id}/iterations", get(project_list))
        .route("/groups/{id}/iterations", get(group_list))
}

const RULES: &[Rule] = &[Rule::Values(
    "state",
    &["opened", "upcoming", "started", "current", "closed", "all"],
)];

/// A project's are its group's (and, by default, that group's ancestors'); a project of a
/// user has none.
async fn project_list(
    State(app): State<App>,
    Path(id): Path<String>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        param_rules::check(RULES, &params.0)?;
        let group = match store.project(&id)?.namespace {
            Namespace::Group(group) => Some(group),
            Namespace::User(_) => None,
        };
        listed(store, group, &params, &uri)
    })
}

async fn group_list(
    State(app): State<App>,
    Path(id): Path<String>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        param_rules::check(RULES, &params.0)?;
        let group = store.group_named(&id)?.id;
        listed(store, Some(group), &params, &uri)
    })
}

/// The iterations of `group`, its ancestors' (`include_ancestors`, default true) and its
/// descendants' (`include_descendants`, default false), filtered by `state` (`opened` is
/// upcoming and current; `started` is the old name of `current`), `search` (in the title,
/// or the cadence's with `in`) and update times; oldest first.
fn listed(
    store: &Store,
    group: Option<u64>,
    params: &Params,
    uri: &axum::http::Uri,
) -> Result<Response, ApiError> {
    let ancestors = params.bool("include_ancestors")?.unwrap_or(true);
    let descendants = params.bool("include_descendants")?.unwrap_or(false);
    let state = params.str("state")?.unwrap_or_else(|| "all".to_owned());
    let search = params.text("search")?.map(|s| s.to_lowercase());
    let fields = params
        .labels("in")?
        .unwrap_or_else(|| vec!["title".to_owned()]);
    if fields
        .iter()
        .any(|f| !["title", "cadence_title"].contains(&f.as_str()))
    {
        return Err(ApiError::error("in does not have a valid value"));
    }
    let mut bounds = Vec::new();
    for (key, after) in [("updated_after", true), ("updated_before", false)] {
        if let Some(text) = params.str(key)? {
            bounds.push((after, parse_time(&text).ok_or_else(|| invalid(key))?));
        }
    }
    let parent = |id: u64| store.groups.get(&id).and_then(|g| g.parent_id);
    let above = |mut at: Option<u64>, target: u64| {
        while let Some(id) = at {
            if id == target {
                return true;
            }
            at = parent(id);
        }
        false
    };
    let belongs = |iteration: &Iteration| {
        let Some(group) = group else {
            return false;
        };
        iteration.group_id == group
            || (ancestors && above(parent(group), iteration.group_id))
            || (descendants && above(parent(iteration.group_id), group))
    };
    let wanted = |iteration: &Iteration| match state.as_str() {
        "opened" => iteration.state() != "closed",
        "started" => iteration.state() == "current",
        "all" => true,
        state => iteration.state() == state,
    };
    let matches = |iteration: &Iteration| {
        search.as_ref().is_none_or(|s| {
            let title = iteration.title.as_deref().unwrap_or_default();
            (fields.iter().any(|f| f == "title") && title.to_lowercase().contains(s))
                || (fields.iter().any(|f| f == "cadence_title")
                    && iteration.cadence_title.to_lowercase().contains(s))
        })
    };
    let in_time = |iteration: &Iteration| {
        let at = parse_time(&iteration.updated_at);
        bounds.iter().all(|(after, bound)| {
            if *after {
                at >= Some(*bound)
            } else {
                at <= Some(*bound)
            }
        })
    };
    let items = store
        .planning
        .iterations
        .iter()
        .filter(|i| belongs(i) && wanted(i) && matches(i) && in_time(i))
        .map(|i| store.iteration_json(i))
        .collect();
    paginate(items, params, &store.base, uri)
}
