//! What happened to an issue's or merge request's labels, milestone and state:
//! `GET /projects/:id/{issues|merge_requests}/:iid/resource_{label|milestone|state}_events`
//! and `…/:event_id`. Each handler serves every kind: `MR` says issue or merge request,
//! `KIND` which events ([`LABEL`], [`MILESTONE`], [`STATE`]).

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;

use super::lookups::{self, Kind, record_not_found};
use super::notes::kind;
use crate::app::App;
use crate::pagination::paginate;
use crate::params::{Params, invalid};
use crate::reply::{ApiError, ok};
use crate::store::Store;
use crate::store::planning::resource_events::EventKind;
use crate::store::tracking::Issuable;

const LABEL: u8 = 0;
const MILESTONE: u8 = 1;
const STATE: u8 = 2;

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .merge(events::<LABEL>("label"))
        .merge(events::<MILESTONE>("milestone"))
        .merge(events::<STATE>("state"))
}

fn events<const KIND: u8>(name: &str) -> Router<App> {
    let path = |segment: &str| format!("/projects/{{id}}/{segment}/{{iid}}/resource_{name}_events");
    let (issues, merge_requests) = (path("issues"), path("merge_requests"));
    Router::new()
        .route(&issues, get(list::<false, KIND>))
        .route(&format!("{issues}/{{event_id}}"), get(show::<false, KIND>))
        .route(&merge_requests, get(list::<true, KIND>))
        .route(
            &format!("{merge_requests}/{{event_id}}"),
            get(show::<true, KIND>),
        )
}

fn event_kind(kind: u8) -> EventKind {
    match kind {
        LABEL => EventKind::Label,
        MILESTONE => EventKind::Milestone,
        _ => EventKind::State,
    }
}

/// The issuable of the path. GitLab names its iid `eventable_iid` on the state events
/// routes (an integer), `eventable_id` on the others.
fn issuable(
    store: &Store,
    id: &str,
    iid: &str,
    mr: bool,
    events: u8,
) -> Result<Issuable, ApiError> {
    let name = if events == STATE {
        "eventable_iid"
    } else {
        "eventable_id"
    };
    let target = match kind(mr) {
        Kind::Issue => lookups::issue(store, id, name, iid),
        Kind::MergeRequest => lookups::merge_request(store, id, name, iid),
    };
    let (project_id, iid) = target?;
    Ok(match kind(mr) {
        Kind::Issue => Issuable::Issue(project_id, iid),
        Kind::MergeRequest => Issuable::MergeRequest(project_id, iid),
    })
}

/// Oldest first, one page at a time.
async fn list<const MR: bool, const KIND: u8>(
    State(app): State<App>,
    Path((id, iid)): Path<(String, String)>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let on = issuable(store, &id, &iid, MR, KIND)?;
        let items = store
            .resource_events(on, event_kind(KIND))
            .into_iter()
            .map(|event| store.resource_event_json(event))
            .collect();
        paginate(items, &params, &store.base, &uri)
    })
}

/// One event of this issuable by id: `404 Not found` when it is another's or none. The state
/// events route reads the id as an integer (`event_id is invalid`), the others as text.
async fn show<const MR: bool, const KIND: u8>(
    State(app): State<App>,
    Path((id, iid, event_id)): Path<(String, String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let on = issuable(store, &id, &iid, MR, KIND)?;
        let event_id = match event_id.parse::<u64>() {
            Ok(event_id) => Some(event_id),
            Err(_) if KIND == STATE => return Err(invalid("event_id")),
            Err(_) => None,
        };
        let event = store
            .resource_events(on, event_kind(KIND))
            .into_iter()
            .find(|event| Some(event.id) == event_id)
            .ok_or_else(record_not_found)?;
        Ok(ok(StatusCode::OK, store.resource_event_json(event)))
    })
}
