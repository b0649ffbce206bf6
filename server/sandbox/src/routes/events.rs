//! `GET /events` (the current user's), `GET /users/:id/events` and
//! `GET /projects/:id/events`: activity, newest first unless `sort=asc`.

use std::time::{Duration, SystemTime};

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::Uri;
use axum::response::Response;
use axum::routing::get;

use crate::app::App;
use crate::pagination::{Order, paginate};
use crate::params::{Params, invalid};
use crate::reply::ApiError;
use crate::store::events::Event;
use crate::store::{CURRENT_USER, Store, parse_time};

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route("/events", get(mine))
        .route("/users/{id}/events", get(of_user))
        .route("/projects/{id}/events", get(of_project))
}

/// GitLab's `action` values.
const ACTIONS: &[&str] = &[
    "approved",
    "closed",
    "commented",
    "created",
    "destroyed",
    "expired",
    "joined",
    "left",
    "merged",
    "pushed",
    "reopened",
    "updated",
];

/// GitLab's `target_type` values, and the models each stands for.
const TARGET_TYPES: &[(&str, &[&str])] = &[
    ("issue", &["Issue"]),
    ("milestone", &["Milestone"]),
    ("merge_request", &["MergeRequest"]),
    ("note", &["Note", "DiscussionNote", "DiffNote"]),
    ("project", &["Project"]),
    ("snippet", &["Snippet"]),
    ("user", &["User"]),
    ("wiki", &["WikiPage::Meta"]),
    ("design", &["DesignManagement::Design"]),
];

async fn mine(
    State(app): State<App>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| listed(store, |e| e.author_id == CURRENT_USER, &params, &uri))
}

/// `:id` is the user's id or username; unknown: `404 User Not Found`.
async fn of_user(
    State(app): State<App>,
    Path(id): Path<String>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let user = match id.parse::<u64>() {
            Ok(number) => store.users.get(&number),
            Err(_) => store.user_named(&id),
        };
        let user_id = user.ok_or_else(|| ApiError::not_found("User"))?.id;
        listed(store, |e| e.author_id == user_id, &params, &uri)
    })
}

async fn of_project(
    State(app): State<App>,
    Path(id): Path<String>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project_id = store.project_id(&id)?;
        listed(store, |e| e.project_id == project_id, &params, &uri)
    })
}

/// The events `keep` chooses, filtered by `action`, `target_type`, `before` and `after`
/// (dates, each excluding its whole day, as GitLab compares them), in `sort` order.
fn listed(
    store: &Store,
    keep: impl Fn(&Event) -> bool,
    params: &Params,
    uri: &Uri,
) -> Result<Response, ApiError> {
    let action = params.choice("action", ACTIONS)?;
    let names: Vec<&str> = TARGET_TYPES.iter().map(|(name, _)| *name).collect();
    let models = params
        .choice("target_type", &names)?
        .and_then(|wanted| TARGET_TYPES.iter().find(|(name, _)| *name == wanted))
        .map(|(_, models)| *models);
    let before = date(params, "before")?;
    let after = date(params, "after")?.map(|day| day + Duration::from_secs(86_400));
    let order = Order::read(params)?;
    let events: Vec<Event> = store
        .events()
        .into_iter()
        .filter(|e| keep(e))
        .filter(|e| action.as_deref().is_none_or(|a| a == e.action))
        .filter(|e| models.is_none_or(|m| e.target_type.is_some_and(|t| m.contains(&t))))
        .filter(|e| {
            let at = parse_time(&e.created_at);
            before.is_none_or(|b| at.is_some_and(|t| t < b))
                && after.is_none_or(|a| at.is_some_and(|t| t >= a))
        })
        .collect();
    let items = order
        .arrange(events)
        .iter()
        .map(|e| store.event_json(e))
        .collect();
    paginate(items, params, &store.base, uri)
}

/// A `YYYY-MM-DD` date (Grape's `Date`): its first instant.
fn date(params: &Params, key: &str) -> Result<Option<SystemTime>, ApiError> {
    let Some(text) = params.str(key)? else {
        return Ok(None);
    };
    let text = text.trim();
    let is_date = text.len() == 10
        && text.char_indices().all(|(i, c)| {
            if i == 4 || i == 7 {
                c == '-'
            } else {
                c.is_ascii_digit()
            }
        });
    if !is_date {
        return Err(invalid(key));
    }
    parse_time(text).map(Some).ok_or_else(|| invalid(key))
}
