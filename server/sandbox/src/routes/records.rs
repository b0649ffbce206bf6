//! `/projects/:id/{variables,hooks,pipeline_schedules,triggers,environments,deployments,
//! deploy_keys,badges}[/:key]` and `/groups/:id/{variables,badges}[/:key]`: list, read,
//! create, update and delete every kind of settings-like record the same way
//! (`store::records`), plus what some kinds do besides: play a schedule or take it over,
//! stop an environment (or every stale one), test a webhook, list a deployment's merge
//! requests, read a snippet's content.

use std::collections::HashMap;

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use axum::routing::{MethodRouter, get, post, put};
use serde_json::{Map, Value, json};

use super::lookups;
use crate::app::App;
use crate::pagination::paginate;
use crate::params::Params;
use crate::reply::{ApiError, no_content, ok};
use crate::store::notes::find_note;
use crate::store::record_kinds::{
    DEPLOYMENTS, ENVIRONMENTS, HOOK_TRIGGERS, HOOKS, KINDS, PIPELINE_SCHEDULES, SNIPPETS,
};
use crate::store::records::{Kind, Named, Owner, Parent};
use crate::store::{Store, parse_time};

/// The path's parameters by name.
type PathParams = Path<HashMap<String, String>>;

/// Where a parent's records hang, as a route.
fn prefix(parent: Parent) -> &'static str {
    match parent {
        Parent::Project => "/projects/{id}",
        Parent::Group => "/groups/{id}",
        Parent::Issue => "/projects/{id}/issues/{issue_iid}",
        Parent::MergeRequest => "/projects/{id}/merge_requests/{merge_request_iid}",
        Parent::ReleaseAssets => "/projects/{id}/releases/{tag_name}/assets",
        Parent::IssueNote => "/projects/{id}/issues/{issue_iid}/notes/{note_id}",
        Parent::MergeRequestNote => {
            "/projects/{id}/merge_requests/{merge_request_iid}/notes/{note_id}"
        }
    }
}

/// The owner the path names, or GitLab's 404 for what is not there.
pub(super) fn owner(
    store: &Store,
    parent: Parent,
    path: &HashMap<String, String>,
) -> Result<Owner, ApiError> {
    let id = path.get("id").map_or("", String::as_str);
    let named = |name: &str| path.get(name).map_or("", String::as_str);
    Ok(match parent {
        Parent::Project => Owner::Project(store.project_id(id)?),
        Parent::Group => Owner::Group(store.group_named(id)?.id),
        Parent::Issue => {
            let (project, iid) = lookups::issue(store, id, "issue_iid", named("issue_iid"))?;
            Owner::Issue(project, iid)
        }
        Parent::MergeRequest => {
            let (project, iid) =
                lookups::merge_request(store, id, "merge_request_iid", named("merge_request_iid"))?;
            Owner::MergeRequest(project, iid)
        }
        Parent::ReleaseAssets => {
            let project = store.project_id(id)?;
            let tag = named("tag_name");
            if !store.projects[&project].releases.contains_key(tag) {
                return Err(ApiError::not_found(""));
            }
            Owner::Release(project, tag.to_owned())
        }
        Parent::IssueNote | Parent::MergeRequestNote => {
            let kind = match parent {
                Parent::IssueNote => lookups::Kind::Issue,
                _ => lookups::Kind::MergeRequest,
            };
            let iid_name = match kind {
                lookups::Kind::Issue => "issue_iid",
                lookups::Kind::MergeRequest => "merge_request_iid",
            };
            let target = lookups::Target::find(store, id, kind, named(iid_name))?;
            // GitLab finds the note among the noteable's notes: `404 Not found` otherwise.
            let note = named("note_id")
                .parse::<u64>()
                .map_err(|_| crate::params::invalid("note_id"))?;
            if find_note(target.discussions(store), note).is_none() {
                return Err(lookups::record_not_found());
            }
            match kind {
                lookups::Kind::Issue => Owner::IssueNote(target.project_id, target.iid, note),
                lookups::Kind::MergeRequest => {
                    Owner::MergeRequestNote(target.project_id, target.iid, note)
                }
            }
        }
    })
}

pub(crate) fn routes() -> Router<App> {
    let mut router = Router::new();
    for kind in KINDS {
        for &parent in kind.parents {
            let collection = format!("{}/{}", prefix(parent), kind.segment);
            let mut item: MethodRouter<App> =
                get(move |app, path, params| show(app, path, params, parent, kind))
                    .delete(move |app, path, params| remove(app, path, params, parent, kind));
            if kind.updatable {
                let change = move |app, path, params| update(app, path, params, parent, kind);
                item = match kind.patched {
                    true => item.patch(change),
                    false => item.put(change),
                };
            }
            router = router
                .route(
                    &collection,
                    get(move |app, uri, path, params| list(app, uri, path, params, parent, kind))
                        .post(move |app, path, params| create(app, path, params, parent, kind)),
                )
                .route(&format!("{collection}/{{key}}"), item);
        }
    }
    router
        .route(
            "/projects/{id}/pipeline_schedules/{key}/play",
            post(schedule_play),
        )
        .route(
            "/projects/{id}/pipeline_schedules/{key}/take_ownership",
            post(schedule_take),
        )
        .route(
            "/projects/{id}/environments/{key}/stop",
            post(environment_stop),
        )
        .route(
            "/projects/{id}/environments/stop_stale",
            post(environments_stop_stale),
        )
        .route("/projects/{id}/hooks/{key}/test/{trigger}", post(hook_test))
        .route("/projects/{id}/snippets/{key}/raw", get(snippet_raw))
        .route(
            "/projects/{id}/deployments/{key}/merge_requests",
            get(deployment_merge_requests),
        )
        .route(
            "/projects/{id}/merge_requests/{merge_request_iid}/draft_notes/{key}/publish",
            put(draft_publish),
        )
        .route(
            "/projects/{id}/merge_requests/{merge_request_iid}/draft_notes/bulk_publish",
            post(drafts_publish_all),
        )
}

async fn list(
    State(app): State<App>,
    OriginalUri(uri): OriginalUri,
    Path(path): PathParams,
    params: Params,
    parent: Parent,
    kind: &'static Kind,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let owner = owner(store, parent, &path)?;
        let found = store.record_search(&owner, kind, &params.0)?;
        paginate(found, &params, &store.base, &uri)
    })
}

fn key(path: &HashMap<String, String>) -> &str {
    path.get("key").map_or("", String::as_str)
}

/// `params` with each hash field of `kind` sent as form fields (`position[base_sha]=…`)
/// gathered into one object, as Grape reads them.
fn gathered(kind: &Kind, params: Params) -> Result<Map<String, Value>, ApiError> {
    let mut gathered = params.0.clone();
    for name in kind.hashes() {
        if let Some(fields) = params.nested(name)? {
            gathered.insert(name.to_owned(), Value::Object(fields));
        }
    }
    Ok(gathered)
}

async fn show(
    State(app): State<App>,
    Path(path): PathParams,
    params: Params,
    parent: Parent,
    kind: &'static Kind,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let owner = owner(store, parent, &path)?;
        let scope = store.record_scope(&owner, kind, key(&path), &params.0)?;
        let named = Named {
            key: key(&path),
            scope: scope.as_deref(),
        };
        Ok(ok(StatusCode::OK, store.record(&owner, kind, named)?))
    })
}

/// `201` with the new record.
async fn create(
    State(app): State<App>,
    Path(path): PathParams,
    params: Params,
    parent: Parent,
    kind: &'static Kind,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let owner = owner(store, parent, &path)?;
        let params = gathered(kind, params)?;
        Ok(ok(
            StatusCode::CREATED,
            store.record_create(&owner, kind, &params)?,
        ))
    })
}

/// `200` with the record, changed where `params` say (what each kind asks of an update
/// is its own rules).
async fn update(
    State(app): State<App>,
    Path(path): PathParams,
    params: Params,
    parent: Parent,
    kind: &'static Kind,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let owner = owner(store, parent, &path)?;
        let params = gathered(kind, params)?;
        let scope = store.record_scope(&owner, kind, key(&path), &params)?;
        let named = Named {
            key: key(&path),
            scope: scope.as_deref(),
        };
        Ok(ok(
            StatusCode::OK,
            store.record_update(&owner, kind, named, &params)?,
        ))
    })
}

/// `204`.
async fn remove(
    State(app): State<App>,
    Path(path): PathParams,
    params: Params,
    parent: Parent,
    kind: &'static Kind,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let owner = owner(store, parent, &path)?;
        let scope = store.record_scope(&owner, kind, key(&path), &params.0)?;
        let named = Named {
            key: key(&path),
            scope: scope.as_deref(),
        };
        store.record_delete(&owner, kind, named)?;
        Ok(no_content())
    })
}

/// A snippet's content as `text/plain`, as it was written.
async fn snippet_raw(State(app): State<App>, Path(path): PathParams) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let owner = owner(store, Parent::Project, &path)?;
        let snippet = store.record_mut(&owner, &SNIPPETS, key(&path))?;
        let content = snippet["content"].as_str().unwrap_or_default().to_owned();
        Ok(([(CONTENT_TYPE, "text/plain; charset=utf-8")], content).into_response())
    })
}

/// `204`: the draft becomes a note of the merge request, seen by everyone (its quick
/// actions run now).
async fn draft_publish(
    State(app): State<App>,
    Path(path): PathParams,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let Owner::MergeRequest(project, iid) = owner(store, Parent::MergeRequest, &path)? else {
            return Err(ApiError::not_found(""));
        };
        store.publish_draft(project, iid, key(&path))?;
        Ok(no_content())
    })
}

/// `204`: every draft of the current user on the merge request published, oldest first,
/// as one review. Since GitLab 19.2 the review may also carry a summary `note` (an
/// `internal` one if asked) and set the user's `reviewer_state`: `requested_changes` or
/// `reviewed` (an approval is `POST …/approve`, never a state here).
async fn drafts_publish_all(
    State(app): State<App>,
    Path(path): PathParams,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let state = params.choice("reviewer_state", &["requested_changes", "reviewed"])?;
        let note = params.str("note")?;
        let internal = params.bool("internal")?.unwrap_or(false);
        let Owner::MergeRequest(project, iid) = owner(store, Parent::MergeRequest, &path)? else {
            return Err(ApiError::not_found(""));
        };
        store.publish_drafts(project, iid);
        if let Some(note) = note.filter(|note| !note.trim().is_empty()) {
            store.add_review_note(project, iid, &note, internal);
        }
        if let Some(state) = state {
            store.set_reviewer_state(project, iid, &state);
        }
        Ok(no_content())
    })
}

/// `201 Created`: GitLab queues a pipeline for the schedule's ref.
async fn schedule_play(
    State(app): State<App>,
    Path((id, key)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let owner = &Owner::Project(store.project_id(&id)?);
        store.record(owner, &PIPELINE_SCHEDULES, &key)?;
        Ok(ok(StatusCode::CREATED, json!({"message": "201 Created"})))
    })
}

/// `201` with the schedule, now the current user's.
async fn schedule_take(
    State(app): State<App>,
    Path((id, key)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let owner = &Owner::Project(store.project_id(&id)?);
        let me = store.me();
        let schedule = store.record_mut(owner, &PIPELINE_SCHEDULES, &key)?;
        schedule.insert("owner".into(), me);
        Ok(ok(
            StatusCode::CREATED,
            store.record(owner, &PIPELINE_SCHEDULES, &key)?,
        ))
    })
}

/// `200` with the environment, stopped.
async fn environment_stop(
    State(app): State<App>,
    Path((id, key)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let owner = &Owner::Project(store.project_id(&id)?);
        let environment = store.record_mut(owner, &ENVIRONMENTS, &key)?;
        environment.insert("state".into(), json!("stopped"));
        Ok(ok(
            StatusCode::OK,
            store.record(owner, &ENVIRONMENTS, &key)?,
        ))
    })
}

/// Stops every available environment last changed before `before` (required, an ISO
/// 8601 time, at least a week ago as GitLab requires).
async fn environments_stop_stale(
    State(app): State<App>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let owner = &Owner::Project(store.project_id(&id)?);
        params.require(&["before"])?;
        let before = params.str("before")?.unwrap_or_default();
        let Some(before) = parse_time(&before) else {
            return Err(ApiError::error("before is invalid"));
        };
        // GitLab takes a time between ten years and one week ago.
        let days = |n: u64| std::time::Duration::from_secs(n * 86_400);
        let now = std::time::SystemTime::now();
        if before > now - days(7) || before < now - days(3_653) {
            return Err(ApiError::bad_request_because("Invalid Date"));
        }
        for environment in store.record_list(owner, &ENVIRONMENTS) {
            let changed = environment["updated_at"].as_str().and_then(parse_time);
            if environment["state"] == "available" && changed.is_some_and(|at| at < before) {
                let key = environment["id"].to_string();
                let environment = store.record_mut(owner, &ENVIRONMENTS, &key)?;
                environment.insert("state".into(), json!("stopped"));
            }
        }
        Ok(ok(
            StatusCode::OK,
            json!({"message": "Successfully requested stop for all stale environments"}),
        ))
    })
}

/// `201 Created` for one of the events a hook can be tested with.
async fn hook_test(
    State(app): State<App>,
    Path((id, key, trigger)): Path<(String, String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let owner = &Owner::Project(store.project_id(&id)?);
        store.record(owner, &HOOKS, &key)?;
        if !HOOK_TRIGGERS.contains(&trigger.as_str()) {
            return Err(ApiError::error("trigger does not have a valid value"));
        }
        Ok(ok(StatusCode::CREATED, json!({"message": "201 Created"})))
    })
}

/// The merge requests a deployment shipped: none in the sandbox, whose deployments are
/// reported rather than run.
async fn deployment_merge_requests(
    State(app): State<App>,
    OriginalUri(uri): OriginalUri,
    Path((id, key)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let owner = &Owner::Project(store.project_id(&id)?);
        store.record(owner, &DEPLOYMENTS, &key)?;
        paginate(Vec::new(), &params, &store.base, &uri)
    })
}
