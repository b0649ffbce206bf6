//! `/projects/:id/members[/all][/:user_id]` and `/groups/:id/members[/all][/:user_id]`:
//! direct members, or (`all`) everyone with access, inherited from the group too.

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;

use super::refusals::{path_number, record_not_found};
use crate::app::App;
use crate::pagination::paginate;
use crate::params::Params;
use crate::reply::{ApiError, ok};
use crate::store::Store;
use crate::store::people::Member;

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route("/projects/{id}/members", get(project_direct))
        .route("/projects/{id}/members/all", get(project_all))
        .route("/projects/{id}/members/{user_id}", get(project_direct_one))
        .route("/projects/{id}/members/all/{user_id}", get(project_all_one))
        .route("/groups/{id}/members", get(group_direct))
        .route("/groups/{id}/members/all", get(group_all))
        .route("/groups/{id}/members/{user_id}", get(group_one))
        .route("/groups/{id}/members/all/{user_id}", get(group_one))
}

/// Which members a request names.
#[derive(Clone, Copy)]
enum Source {
    Project { all: bool },
    Group,
}

async fn project_direct(
    State(app): State<App>,
    Path(id): Path<String>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    list(&app, &id, Source::Project { all: false }, &uri, &params)
}

async fn project_all(
    State(app): State<App>,
    Path(id): Path<String>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    list(&app, &id, Source::Project { all: true }, &uri, &params)
}

async fn group_direct(
    State(app): State<App>,
    Path(id): Path<String>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    list(&app, &id, Source::Group, &uri, &params)
}

/// A top-level group inherits from nobody: its `all` is its direct members.
async fn group_all(
    State(app): State<App>,
    Path(id): Path<String>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    list(&app, &id, Source::Group, &uri, &params)
}

async fn project_direct_one(
    State(app): State<App>,
    Path((id, user_id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    one(&app, &id, &user_id, Source::Project { all: false })
}

async fn project_all_one(
    State(app): State<App>,
    Path((id, user_id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    one(&app, &id, &user_id, Source::Project { all: true })
}

async fn group_one(
    State(app): State<App>,
    Path((id, user_id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    one(&app, &id, &user_id, Source::Group)
}

/// `query` (a part of the name or username, or the whole email), `user_ids`, and for direct
/// members `skip_users`; in the order they became members.
fn list(
    app: &App,
    id: &str,
    source: Source,
    uri: &axum::http::Uri,
    params: &Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let query = params.text("query")?.map(|q| q.to_lowercase());
        let user_ids = params.numbers("user_ids")?;
        let skip_users = match source {
            Source::Project { all: true } => None,
            _ => params.numbers("skip_users")?,
        };
        params.bool("show_seat_info")?;
        let members = members_of(store, id, source)?;
        let items = members
            .into_iter()
            .filter(|m| user_ids.as_ref().is_none_or(|ids| ids.contains(&m.user_id)))
            .filter(|m| {
                skip_users
                    .as_ref()
                    .is_none_or(|ids| !ids.contains(&m.user_id))
            })
            .filter(|m| {
                query.as_deref().is_none_or(|q| {
                    let user = store.user(m.user_id);
                    user.name.to_lowercase().contains(q)
                        || user.username.to_lowercase().contains(q)
                        || user.email.to_lowercase() == q
                })
            })
            .map(|m| store.member_json(m))
            .collect();
        paginate(items, params, &store.base, uri)
    })
}

/// One member; `user_id` a number. Not a member: GitLab's `404 Not found`.
fn one(app: &App, id: &str, user_id: &str, source: Source) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let user_id = path_number("user_id", user_id)?;
        let member = members_of(store, id, source)?
            .into_iter()
            .find(|m| m.user_id == user_id)
            .ok_or_else(record_not_found)?;
        Ok(ok(StatusCode::OK, store.member_json(member)))
    })
}

fn members_of<'a>(store: &'a Store, id: &str, source: Source) -> Result<Vec<&'a Member>, ApiError> {
    Ok(match source {
        Source::Project { all: false } => store.project(id)?.members.iter().collect(),
        Source::Project { all: true } => store.all_project_members(store.project(id)?),
        Source::Group => store.group_named(id)?.members.iter().collect(),
    })
}
