//! `/{projects,groups}/:id/access_requests[/:user_id[/approve]]`: asking to join a project
//! or a group, and a maintainer's answer. A request is named by the id of the user who
//! asked; the caller asks for themselves, and only when not a member already.

use std::collections::HashMap;

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::{delete, get, put};
use serde_json::{Value, json};

use super::records::owner;
use crate::app::App;
use crate::pagination::paginate;
use crate::params::Params;
use crate::reply::{ApiError, no_content, ok};
use crate::store::people::access::DEVELOPER;
use crate::store::record_kinds::ACCESS_REQUESTS;
use crate::store::records::{Owner, Parent};
use crate::store::{CURRENT_USER, Member, Store, now};

type Named = Path<HashMap<String, String>>;

pub(crate) fn routes() -> Router<App> {
    let mut router = Router::new();
    for (parent, prefix) in [
        (Parent::Project, "/projects/{id}"),
        (Parent::Group, "/groups/{id}"),
    ] {
        router = router
            .route(
                &format!("{prefix}/access_requests"),
                get(move |app, uri, path, params| list(app, uri, path, params, parent))
                    .post(move |app, path| request(app, path, parent)),
            )
            .route(
                &format!("{prefix}/access_requests/{{user_id}}/approve"),
                put(move |app, path, params| approve(app, path, params, parent)),
            )
            .route(
                &format!("{prefix}/access_requests/{{user_id}}"),
                delete(move |app, path| deny(app, path, parent)),
            );
    }
    router
}

async fn list(
    State(app): State<App>,
    OriginalUri(uri): OriginalUri,
    Path(path): Named,
    params: Params,
    parent: Parent,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let owner = owner(store, parent, &path)?;
        let found = store.record_list(&owner, &ACCESS_REQUESTS);
        paginate(found, &params, &store.base, &uri)
    })
}

/// `201` with the caller's request; GitLab's `403` for a member, who cannot ask to join.
async fn request(
    State(app): State<App>,
    Path(path): Named,
    parent: Parent,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let owner = owner(store, parent, &path)?;
        if members(store, &owner)
            .iter()
            .any(|m| m.user_id == CURRENT_USER)
        {
            return Err(ApiError::message(StatusCode::FORBIDDEN, "403 Forbidden"));
        }
        let key = CURRENT_USER.to_string();
        if let Ok(existing) = store.record(&owner, &ACCESS_REQUESTS, &key) {
            return Ok(ok(StatusCode::CREATED, existing));
        }
        Ok(ok(
            StatusCode::CREATED,
            add_request(store, &owner, CURRENT_USER),
        ))
    })
}

/// `200` with the new member, at `access_level` (GitLab's default: developer).
async fn approve(
    State(app): State<App>,
    Path(path): Named,
    params: Params,
    parent: Parent,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let owner = owner(store, parent, &path)?;
        let user_id = path.get("user_id").map_or("", String::as_str);
        store.record(&owner, &ACCESS_REQUESTS, user_id)?;
        let level = params
            .choice("access_level", &["10", "15", "20", "30", "40", "50"])?
            .map_or(DEVELOPER, |level| level.parse().unwrap_or(DEVELOPER));
        store.record_delete(&owner, &ACCESS_REQUESTS, user_id)?;
        let member = Member {
            user_id: user_id.parse().unwrap_or_default(),
            access_level: level,
            created_at: now(),
        };
        let answer = store.member_json(&member);
        members_mut(store, &owner).push(member);
        Ok(ok(StatusCode::OK, answer))
    })
}

/// `204`: the request is dropped.
async fn deny(
    State(app): State<App>,
    Path(path): Named,
    parent: Parent,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let owner = owner(store, parent, &path)?;
        let user_id = path.get("user_id").map_or("", String::as_str);
        store.record_delete(&owner, &ACCESS_REQUESTS, user_id)?;
        Ok(no_content())
    })
}

fn members<'a>(store: &'a Store, owner: &Owner) -> &'a [Member] {
    match owner {
        Owner::Project(id) => &store.projects[id].members,
        Owner::Group(id) => &store.groups[id].members,
        _ => &[],
    }
}

fn members_mut<'a>(store: &'a mut Store, owner: &Owner) -> &'a mut Vec<Member> {
    match owner {
        Owner::Project(id) => &mut store.project_mut(*id).members,
        Owner::Group(id) => &mut store.groups.get_mut(id).expect("found by owner()").members,
        _ => unreachable!("access requests hang on projects and groups"),
    }
}

/// Adds a pending request of `user_id` to join `owner`; returns it as GitLab lists it.
pub(crate) fn add_request(store: &mut Store, owner: &Owner, user_id: u64) -> Value {
    let mut request = store.user_json(user_id);
    request["requested_at"] = json!(now());
    store.record_insert(owner, &ACCESS_REQUESTS, &request);
    request
}
