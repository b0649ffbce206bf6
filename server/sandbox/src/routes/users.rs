//! `/user`, `/users[/:id]`. Every token acts as `sandbox-user`, an administrator, so users
//! come as GitLab shows them to administrators.

use crate::param_rules::{self, Rule};
use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;

use super::refusals::path_number;
use crate::app::App;
use crate::pagination::paginate;
use crate::params::Params;
use crate::reply::{ApiError, ok};
use crate::store::{CURRENT_USER, User, parse_time};

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route("/user", get(current))
        .route("/users", get(list))
        .route("/users/{id}", get(show))
}

async fn current(State(app): State<App>) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let user = store.user(CURRENT_USER);
        Ok(ok(StatusCode::OK, user.detail_json(store)))
    })
}

/// `username` (exact, any case: zero or one user), `search` (a part of the name or username,
/// or the whole email), `active` / `blocked` / `external` / `admins`, `created_after` /
/// `created_before`; `order_by` id (default), name, username, created_at or updated_at;
/// `sort` desc (default) or asc.
async fn list(
    State(app): State<App>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        // An identity from an outside provider is its uid and its provider together.
        param_rules::check(&[Rule::AllOrNone(&["extern_uid", "provider"])], &params.0)?;
        let username = params.text("username")?;
        let search = params.text("search")?.map(|s| s.to_lowercase());
        let blocked = params.bool("blocked")?.unwrap_or(false);
        let external = params.bool("external")?.unwrap_or(false);
        let admins = params.bool("admins")?.unwrap_or(false);
        params.bool("active")?;
        params.bool("humans")?;
        let created_after = params.time("created_after")?;
        let created_before = params.time("created_before")?;
        let order_by = params
            .choice(
                "order_by",
                &["id", "name", "username", "created_at", "updated_at"],
            )?
            .unwrap_or_else(|| "id".to_owned());
        let ascending = params.choice("sort", &["asc", "desc"])?.as_deref() == Some("asc");
        let created = |u: &User| parse_time(&u.created_at);
        let mut users: Vec<&User> = store
            .users
            .values()
            .filter(|u| {
                username
                    .as_deref()
                    .is_none_or(|name| u.username.eq_ignore_ascii_case(name))
            })
            .filter(|u| {
                search.as_deref().is_none_or(|s| {
                    u.name.to_lowercase().contains(s)
                        || u.username.to_lowercase().contains(s)
                        || u.email.to_lowercase() == s
                })
            })
            // Sandbox users are all active humans, none external, none signed in through an
            // outside provider (`identities` is empty).
            .filter(|_| !blocked && !external && !params.has("extern_uid"))
            .filter(|u| !admins || u.is_admin)
            .filter(|u| created_after.is_none_or(|t| created(u).is_some_and(|c| c > t)))
            .filter(|u| created_before.is_none_or(|t| created(u).is_some_and(|c| c < t)))
            .collect();
        users.sort_by(|a, b| {
            let key = |u: &User| match order_by.as_str() {
                "name" => u.name.clone(),
                "username" => u.username.clone(),
                "created_at" | "updated_at" => u.created_at.clone(),
                _ => String::new(),
            };
            (key(a), a.id).cmp(&(key(b), b.id))
        });
        if !ascending {
            users.reverse();
        }
        let items = users.into_iter().map(|u| u.detail_json(store)).collect();
        paginate(items, &params, &store.base, &uri)
    })
}

/// `:id` is a number (`id is invalid` otherwise); unknown: `404 User Not Found`.
async fn show(State(app): State<App>, Path(id): Path<String>) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let id = path_number("id", &id)?;
        let user = store
            .users
            .get(&id)
            .ok_or_else(|| ApiError::not_found("User"))?;
        Ok(ok(StatusCode::OK, user.detail_json(store)))
    })
}
